// The contract of /config.json, which the SPA loads before it starts (server: routes/runtime-config.ts).
// `amplify` is a standard amplify_outputs.json document (its `auth` section).

export interface AmplifyAuthOutputs {
  aws_region: string;
  user_pool_id: string;
  user_pool_client_id: string;
  password_policy: {
    min_length: number;
    require_lowercase: boolean;
    require_uppercase: boolean;
    require_numbers: boolean;
    require_symbols: boolean;
  };
  mfa_configuration: 'NONE' | 'OPTIONAL' | 'REQUIRED';
  mfa_methods: Array<'SMS' | 'TOTP'>;
  username_attributes: Array<'email' | 'phone_number'>;
  user_verification_types: Array<'email' | 'phone_number'>;
  standard_required_attributes: string[];
  unauthenticated_identities_enabled?: boolean;
  /** The hosted login domain (Cognito only): `identity_providers` stays empty, so no social sign-in. */
  oauth?: {
    identity_providers: string[];
    domain: string;
    scopes: string[];
    redirect_sign_in_uri: string[];
    redirect_sign_out_uri: string[];
    response_type: 'code' | 'token';
  };
  /**
   * The first factors besides the password that choice-based sign-in (USER_AUTH) allows, as
   * amplify_outputs.json writes them (IDENTITY_SIGN_IN_FACTORS); absent when only the password is.
   */
  passwordless?: {
    email_otp_enabled: boolean;
    sms_otp_enabled: boolean;
    /** Present when passkeys are allowed: the relying party is PUBLIC_URL's host. */
    web_authn?: { relying_party_id: string; user_verification: 'required' | 'preferred' };
  };
}

export interface RuntimeConfig {
  amplify: { version: '1.4'; auth: AmplifyAuthOutputs };
  /** Absolute URL of the built-in identity service (Amplify's userPoolEndpoint), or null for Amazon Cognito. */
  identityEndpoint: string | null;
  /** The super administrator's address shown on /unauthorized. */
  superAdminEmail: string;
  /** Absolute base URL of the business API, `<origin>/api/v1`. */
  apiBase: string;
  /** The clinic's locale (BCP 47, default `en-IN`): how dates, times, numbers and amounts are written. */
  locale: string;
  /** The clinic's IANA time zone (default `Asia/Kolkata`): the day and hour every time is shown in. */
  timeZone: string;
  /** The clinic's name as set on /backoffice (default `Thrive Clinic`): top bar, page title, consent text, sign-in page. */
  clinicName: string;
  /** Where the clinic's logo is fetched (`/clinic-logo?v=…`), or null when none is uploaded (back office). */
  clinicLogo: string | null;
  /** The clinic's telephone dial code (default `+91`): what phone fields start with. */
  dialCode: string;
  /** The roles that run the lab desk (back office clinic settings; default NURSE and ADMIN). Absent: the default. */
  labDeskRoles?: string[];
  /** The clinic takes payments online through its gateway (PAYMENTS_PROVIDER set): the portal offers "Pay online". Absent: not. */
  onlinePayments?: boolean;
}

/** The contract of /version.json, written by the build. */
export interface VersionInfo {
  version: string;
  builtAt?: string;
}
