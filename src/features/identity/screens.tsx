// One component per authenticator screen after sign-in's first step (sign-in itself is
// sign-in-screen.tsx, in /login's first paint; these load on demand). Each renders the machine's
// context and sends events; none decides where the flow goes next.
import { Button, Typography } from '@mui/material';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { maskDestination } from '../../../machines/rules/masking.ts';
import { type Screen, selectFields, selectIsPending, selectPasskeyAdded } from '../../../machines/identity/selectors.ts';
import { codeDeliveryMessage, codeDeliveryTitle, FIELD_LABELS, MFA_TEXTS, PASSWORDLESS_TEXTS, TEXTS } from '../../../machines/identity/texts.ts';
import { AuthForm } from './auth-form.tsx';
import type { AuthenticatorRef } from './auth-provider.tsx';
import { FormField } from './form-fields.tsx';
import { RadioField } from './radio-field.tsx';
import { SocialButtons } from './sign-in-screen.tsx';

// The QR code library is only needed by the rare authenticator-app setup: load it on demand.
const TotpSetup = lazy(() => import('./totp-setup.tsx').then((m) => ({ default: m.TotpSetup })));

type ScreenProps = { actor: AuthenticatorRef };

function BackToSignIn({ actor }: ScreenProps) {
  return (
    <Button variant="text" onClick={() => actor.send({ type: 'nav.signIn' })}>
      {TEXTS.backToSignIn}
    </Button>
  );
}

function ResendCode({ actor }: ScreenProps) {
  const pending = useSelector(actor, selectIsPending);
  return (
    <Button variant="outlined" disabled={pending} onClick={() => actor.send({ type: 'code.resend' })}>
      {TEXTS.resendCode}
    </Button>
  );
}

function Skip({ actor }: ScreenProps) {
  return (
    <Button variant="text" onClick={() => actor.send({ type: 'verify.skip' })}>
      {TEXTS.skip}
    </Button>
  );
}

function CodeDeliveryMessage({ actor }: ScreenProps) {
  const details = useSelector(actor, (s) => s.context.codeDeliveryDetails);
  if (!details?.destination) return null;
  return <Typography variant="body2">{codeDeliveryMessage(details.deliveryMedium, maskDestination(details.destination, details.deliveryMedium))}</Typography>;
}

export function SignUpScreen({ actor }: ScreenProps) {
  const fields = useSelector(actor, selectFields);
  const pending = useSelector(actor, selectIsPending);
  return (
    <AuthForm actor={actor} submitLabel={TEXTS.createAccount}>
      <SocialButtons actor={actor} mode="signUp" />
      {fields.map((name) => (
        <FormField key={name} actor={actor} name={name} newPassword disabled={pending} />
      ))}
    </AuthForm>
  );
}

export function ConfirmSignUpScreen({ actor }: ScreenProps) {
  const medium = useSelector(actor, (s) => s.context.codeDeliveryDetails?.deliveryMedium);
  return (
    <AuthForm
      actor={actor}
      heading={codeDeliveryTitle(medium)}
      submitLabel={TEXTS.confirm}
      footer={
        <>
          <ResendCode actor={actor} />
          <BackToSignIn actor={actor} />
        </>
      }
    >
      <CodeDeliveryMessage actor={actor} />
      <FormField actor={actor} name="confirmation_code" />
    </AuthForm>
  );
}

function confirmSignInHeading(step: string | null): string {
  if (step === 'CONFIRM_SIGN_IN_WITH_SMS_CODE') return TEXTS.confirmSmsCode;
  if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return TEXTS.confirmTotpCode;
  return TEXTS.confirmMfaCode;
}

export function ConfirmSignInScreen({ actor }: ScreenProps) {
  const step = useSelector(actor, (s) => s.context.signInStep);
  return (
    <AuthForm actor={actor} heading={confirmSignInHeading(step)} submitLabel={TEXTS.confirm} footer={<BackToSignIn actor={actor} />}>
      <CodeDeliveryMessage actor={actor} />
      <FormField actor={actor} name="confirmation_code" />
    </AuthForm>
  );
}

export function SetupTotpScreen({ actor }: ScreenProps) {
  const secret = useSelector(actor, (s) => s.context.totpSecret ?? '');
  const account = useSelector(actor, (s) => s.context.username);
  return (
    <AuthForm actor={actor} heading={TEXTS.setupTotp} submitLabel={TEXTS.confirm} footer={<BackToSignIn actor={actor} />}>
      <Suspense fallback={null}>
        <TotpSetup secret={secret} account={account} />
      </Suspense>
      <FormField actor={actor} name="confirmation_code" />
    </AuthForm>
  );
}

/** The new password, then the user attributes the pool still requires (sent with it). */
export function ForceNewPasswordScreen({ actor }: ScreenProps) {
  const fields = useSelector(actor, selectFields);
  return (
    <AuthForm actor={actor} heading={TEXTS.changePassword} submitLabel={TEXTS.changePassword} footer={<BackToSignIn actor={actor} />}>
      {fields.map((name) => (
        <FormField key={name} actor={actor} name={name} newPassword />
      ))}
    </AuthForm>
  );
}

/** The second factor to use (or to set up), among those the pool allows. */
export function SelectMfaTypeScreen({ actor }: ScreenProps) {
  const types = useSelector(actor, (s) => s.context.allowedMfaTypes);
  return (
    <AuthForm actor={actor} heading={MFA_TEXTS.selectMfaType} submitLabel={TEXTS.confirm} footer={<BackToSignIn actor={actor} />}>
      <RadioField
        actor={actor}
        name="mfa_type"
        label={MFA_TEXTS.selectMfaType}
        options={types.map((type) => ({ value: type, label: MFA_TEXTS.types[type] ?? type }))}
      />
    </AuthForm>
  );
}

/** The email address that will receive one-time sign-in codes. */
export function SetupEmailScreen({ actor }: ScreenProps) {
  return (
    <AuthForm actor={actor} heading={MFA_TEXTS.setupEmail} submitLabel={TEXTS.confirm} footer={<BackToSignIn actor={actor} />}>
      <Typography variant="body2">{MFA_TEXTS.setupEmailHint}</Typography>
      <FormField actor={actor} name="email" />
    </AuthForm>
  );
}

function OtherWays({ actor }: ScreenProps) {
  return (
    <Button variant="text" onClick={() => actor.send({ type: 'nav.selectFactor' })}>
      {PASSWORDLESS_TEXTS.otherWays}
    </Button>
  );
}

/** How to sign in: the username and one of the first factors the pool allows. */
export function SelectFactorScreen({ actor }: ScreenProps) {
  const factors = useSelector(actor, (s) => s.context.config.signInFactors);
  const pending = useSelector(actor, selectIsPending);
  return (
    <AuthForm actor={actor} heading={PASSWORDLESS_TEXTS.chooseHeading} submitLabel={PASSWORDLESS_TEXTS.continue} footer={<BackToSignIn actor={actor} />}>
      <FormField actor={actor} name="username" label={FIELD_LABELS.email} disabled={pending} />
      <RadioField
        actor={actor}
        name="sign_in_factor"
        label={FIELD_LABELS.sign_in_factor}
        options={factors.map((factor) => ({ value: factor, label: PASSWORDLESS_TEXTS.factors[factor] ?? factor }))}
      />
    </AuthForm>
  );
}

/** The code sent by email or SMS as the only factor. */
export function SignInCodeScreen({ actor }: ScreenProps) {
  const medium = useSelector(actor, (s) => s.context.codeDeliveryDetails?.deliveryMedium);
  return (
    <AuthForm
      actor={actor}
      heading={codeDeliveryTitle(medium)}
      submitLabel={TEXTS.confirm}
      footer={
        <>
          <ResendCode actor={actor} />
          <OtherWays actor={actor} />
          <BackToSignIn actor={actor} />
        </>
      }
    >
      <CodeDeliveryMessage actor={actor} />
      <FormField actor={actor} name="confirmation_code" />
    </AuthForm>
  );
}

/** The passkey prompt: the browser shows its own dialog while this waits. */
export function SignInPasskeyScreen({ actor }: ScreenProps) {
  return (
    <AuthForm
      actor={actor}
      heading={PASSWORDLESS_TEXTS.passkeyHeading}
      submitLabel={PASSWORDLESS_TEXTS.usePasskey}
      footer={
        <>
          <OtherWays actor={actor} />
          <BackToSignIn actor={actor} />
        </>
      }
    >
      <Typography variant="body2">{PASSWORDLESS_TEXTS.passkeyPrompt}</Typography>
    </AuthForm>
  );
}

/** After a password sign-in: add a passkey, or not now. */
export function OfferPasskeyScreen({ actor }: ScreenProps) {
  const added = useSelector(actor, selectPasskeyAdded);
  const pending = useSelector(actor, selectIsPending);
  if (added) {
    return (
      <AuthForm actor={actor} heading={PASSWORDLESS_TEXTS.offerHeading} submitLabel={PASSWORDLESS_TEXTS.continue}>
        <Typography variant="body2" role="status">
          {PASSWORDLESS_TEXTS.passkeyAdded}
        </Typography>
      </AuthForm>
    );
  }
  return (
    <AuthForm
      actor={actor}
      heading={PASSWORDLESS_TEXTS.offerHeading}
      submitLabel={PASSWORDLESS_TEXTS.addPasskey}
      footer={
        <Button variant="text" disabled={pending} onClick={() => actor.send({ type: 'passkey.notNow' })}>
          {PASSWORDLESS_TEXTS.notNow}
        </Button>
      }
    >
      <Typography variant="body2">{PASSWORDLESS_TEXTS.offerBody}</Typography>
    </AuthForm>
  );
}

export function ForgotPasswordScreen({ actor }: ScreenProps) {
  return (
    <AuthForm actor={actor} heading={TEXTS.resetPassword} submitLabel={TEXTS.submit} footer={<BackToSignIn actor={actor} />}>
      <FormField actor={actor} name="username" label={FIELD_LABELS.email} />
    </AuthForm>
  );
}

export function ConfirmResetPasswordScreen({ actor }: ScreenProps) {
  return (
    <AuthForm
      actor={actor}
      heading={TEXTS.resetPassword}
      submitLabel={TEXTS.submit}
      footer={
        <>
          <ResendCode actor={actor} />
          <BackToSignIn actor={actor} />
        </>
      }
    >
      <CodeDeliveryMessage actor={actor} />
      <FormField actor={actor} name="confirmation_code" />
      <FormField actor={actor} name="password" newPassword />
      <FormField actor={actor} name="confirm_password" newPassword />
    </AuthForm>
  );
}

export function VerifyUserScreen({ actor }: ScreenProps) {
  const attributes = useSelector(actor, (s) => s.context.unverifiedAttributes);
  return (
    <AuthForm actor={actor} heading={TEXTS.verifyContactHeading} submitLabel={TEXTS.verify} footer={<Skip actor={actor} />}>
      <RadioField
        actor={actor}
        name="unverifiedAttr"
        label={TEXTS.verifyContact}
        options={Object.entries(attributes).map(([name, destination]) => ({
          value: name,
          label: `${FIELD_LABELS[name] ?? name}: ${maskDestination(destination, name === 'email' ? 'EMAIL' : 'SMS')}`,
        }))}
      />
    </AuthForm>
  );
}

export function ConfirmVerifyUserScreen({ actor }: ScreenProps) {
  return (
    <AuthForm actor={actor} heading={TEXTS.verifyContactHeading} submitLabel={TEXTS.submit} footer={<Skip actor={actor} />}>
      <CodeDeliveryMessage actor={actor} />
      <FormField actor={actor} name="confirmation_code" />
    </AuthForm>
  );
}

/** The screen the machine is on, for every screen but sign-in's first step. */
export function FlowScreen({ screen, actor }: ScreenProps & { screen: Screen }) {
  switch (screen) {
    case 'signUp':
      return <SignUpScreen actor={actor} />;
    case 'confirmSignUp':
      return <ConfirmSignUpScreen actor={actor} />;
    case 'confirmSignIn':
      return <ConfirmSignInScreen actor={actor} />;
    case 'setupTotp':
      return <SetupTotpScreen actor={actor} />;
    case 'forceNewPassword':
      return <ForceNewPasswordScreen actor={actor} />;
    case 'selectMfaType':
      return <SelectMfaTypeScreen actor={actor} />;
    case 'setupEmail':
      return <SetupEmailScreen actor={actor} />;
    case 'selectFactor':
      return <SelectFactorScreen actor={actor} />;
    case 'signInCode':
      return <SignInCodeScreen actor={actor} />;
    case 'signInPasskey':
      return <SignInPasskeyScreen actor={actor} />;
    case 'offerPasskey':
      return <OfferPasskeyScreen actor={actor} />;
    case 'forgotPassword':
      return <ForgotPasswordScreen actor={actor} />;
    case 'confirmResetPassword':
      return <ConfirmResetPasswordScreen actor={actor} />;
    case 'verifyUser':
      return <VerifyUserScreen actor={actor} />;
    case 'confirmVerifyUser':
      return <ConfirmVerifyUserScreen actor={actor} />;
    default:
      return null;
  }
}
