// The built-in service assembled: one object per concern, and the table of wire actions.
import type { AccessTokenVerifier, IdentityAdmin } from './contracts.ts';
import { Account } from './account.ts';
import { BuiltinAdmin } from './admin.ts';
import { Auth } from './auth.ts';
import type { IdentityContext } from './context.ts';
import type { Body } from './input.ts';
import { SigningKeys } from './keys.ts';
import { Mfa } from './mfa.ts';
import { purgeExpired } from './sessions.ts';
import { Tokens } from './tokens.ts';
import { UserAuth } from './user-auth.ts';
import { Passkeys } from './webauthn.ts';

export type ActionHandler = (body: Body) => Promise<unknown>;

export class BuiltinIdentityService {
  readonly keys: SigningKeys;
  readonly tokens: Tokens;
  readonly auth: Auth;
  readonly mfa: Mfa;
  readonly userAuth: UserAuth;
  readonly passkeys: Passkeys;
  readonly account: Account;
  readonly admin: BuiltinAdmin;
  /** User actions (unsigned, as Amplify sends them). */
  readonly userActions: Record<string, ActionHandler>;

  constructor(readonly ctx: IdentityContext) {
    this.keys = new SigningKeys(ctx);
    this.tokens = new Tokens(ctx, this.keys);
    this.auth = new Auth(ctx, this.tokens);
    this.mfa = new Mfa(ctx, this.tokens);
    this.auth.mfa = this.mfa;
    this.passkeys = new Passkeys(ctx, this.tokens);
    this.userAuth = new UserAuth(ctx, this.tokens, this.auth, this.passkeys);
    this.auth.userAuth = this.userAuth;
    this.account = new Account(ctx, this.tokens, this.mfa, (user) => this.auth.recordFailure(user));
    this.admin = new BuiltinAdmin(ctx, this.tokens, this.account);
    const a = this.account;
    this.userActions = {
      InitiateAuth: (b) => this.auth.initiateAuth(b),
      RespondToAuthChallenge: (b) => this.auth.respondToAuthChallenge(b),
      GetTokensFromRefreshToken: (b) => this.auth.getTokensFromRefreshToken(b),
      SignUp: (b) => a.signUp(b),
      ConfirmSignUp: (b) => a.confirmSignUp(b),
      ResendConfirmationCode: (b) => a.resendConfirmationCode(b),
      ForgotPassword: (b) => a.forgotPassword(b),
      ConfirmForgotPassword: (b) => a.confirmForgotPassword(b),
      GetUser: (b) => a.getUser(b),
      UpdateUserAttributes: (b) => a.updateUserAttributes(b),
      DeleteUserAttributes: (b) => a.deleteUserAttributes(b),
      GetUserAttributeVerificationCode: (b) => a.getUserAttributeVerificationCode(b),
      VerifyUserAttribute: (b) => a.verifyUserAttribute(b),
      AssociateSoftwareToken: (b) => a.associateSoftwareToken(b),
      VerifySoftwareToken: (b) => a.verifySoftwareToken(b),
      SetUserMFAPreference: (b) => a.setUserMFAPreference(b),
      ChangePassword: (b) => a.changePassword(b),
      GlobalSignOut: (b) => a.globalSignOut(b),
      RevokeToken: (b) => a.revokeToken(b),
      DeleteUser: (b) => a.deleteUser(b),
      StartWebAuthnRegistration: (b) => this.passkeys.startRegistration(b),
      CompleteWebAuthnRegistration: (b) => this.passkeys.completeRegistration(b),
      ListWebAuthnCredentials: (b) => this.passkeys.listCredentials(b),
      DeleteWebAuthnCredential: (b) => this.passkeys.deleteCredential(b),
    };
  }

  async start(): Promise<void> {
    await this.keys.ensure();
    await purgeExpired(this.ctx.db);
  }

  get accessTokens(): AccessTokenVerifier {
    return this.tokens;
  }

  get identityAdmin(): IdentityAdmin {
    return this.admin;
  }
}
