// Sign-in's first step: the screen /login shows, with the configured social providers' buttons
// (shared with sign-up).
import { Box, Button } from '@mui/material';
import { useSelector } from '@xstate/react';
import { SUPPORTED_SOCIAL_PROVIDERS } from '../../../machines/identity/config.ts';
import { selectHasFactorChoice, selectIsPending } from '../../../machines/identity/selectors.ts';
import { FIELD_LABELS, PASSWORDLESS_TEXTS, TEXTS } from '../../../machines/identity/texts.ts';
import { AuthForm } from './auth-form.tsx';
import type { AuthenticatorRef } from './auth-provider.tsx';
import { FormField } from './form-fields.tsx';

type ScreenProps = { actor: AuthenticatorRef };

function providerName(provider: string): string {
  return provider.charAt(0).toUpperCase() + provider.slice(1);
}

/** Buttons for the configured social providers only (none are configured: none show). */
export function SocialButtons({ actor, mode }: ScreenProps & { mode: 'signIn' | 'signUp' }) {
  const providers = useSelector(actor, (s) => s.context.config.socialProviders);
  if (!providers.length) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outlined"
          disabled={!(SUPPORTED_SOCIAL_PROVIDERS as readonly string[]).includes(provider)}
          onClick={() => actor.send({ type: 'social.signIn', provider })}
        >
          {mode === 'signIn' ? TEXTS.signInWith(providerName(provider)) : TEXTS.signUpWith(providerName(provider))}
        </Button>
      ))}
    </Box>
  );
}

export interface SignInScreenProps extends ScreenProps {
  usernamePlaceholder?: string;
  passwordPlaceholder?: string;
}

export function SignInScreen({ actor, usernamePlaceholder, passwordPlaceholder }: SignInScreenProps) {
  const pending = useSelector(actor, selectIsPending);
  const hasFactorChoice = useSelector(actor, selectHasFactorChoice);
  return (
    <AuthForm
      actor={actor}
      submitLabel={TEXTS.signIn}
      footer={
        <>
          {hasFactorChoice && (
            <Button variant="outlined" disabled={pending} onClick={() => actor.send({ type: 'nav.selectFactor' })}>
              {PASSWORDLESS_TEXTS.otherWays}
            </Button>
          )}
          <Button variant="text" onClick={() => actor.send({ type: 'nav.forgotPassword' })}>
            {TEXTS.forgotPassword}
          </Button>
        </>
      }
    >
      <SocialButtons actor={actor} mode="signIn" />
      <FormField actor={actor} name="username" label={FIELD_LABELS.email} placeholder={usernamePlaceholder} disabled={pending} />
      <FormField actor={actor} name="password" placeholder={passwordPlaceholder} disabled={pending} />
    </AuthForm>
  );
}
