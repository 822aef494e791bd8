// The Sign in / Create Account tabs, shown only when sign-up is offered (never on the product's
// /login), so their own module.
import { Tab, Tabs } from '@mui/material';
import type { Screen } from '../../../machines/identity/selectors.ts';
import { TEXTS } from '../../../machines/identity/texts.ts';
import type { AuthenticatorRef } from './auth-provider.tsx';

export function SignUpTabs({ actor, screen }: { actor: AuthenticatorRef; screen: Screen }) {
  return (
    <Tabs
      value={screen}
      variant="fullWidth"
      sx={{ mb: 2 }}
      onChange={(_, value: Screen) => actor.send({ type: value === 'signUp' ? 'nav.signUp' : 'nav.signIn' })}
    >
      <Tab value="signIn" label={TEXTS.signIn} />
      <Tab value="signUp" label={TEXTS.createAccount} />
    </Tabs>
  );
}
