import { Text } from '@mantine/core';
import { AnchorLink } from '../layout/links';
import { AuthCard } from './AuthCard';
import { GoogleSignInButton } from './GoogleSignInButton';

export function GoogleLoginPage() {
  return (
    <AuthCard
      title="Sign in with Google"
      subtitle="One sign-in also connects your calendar, so your breaks land between meetings."
      footer={<AnchorLink to="/">Back to home</AnchorLink>}
    >
      <GoogleSignInButton size="md" fullWidth />
      <Text fz="xs" c="dimmed" ta="center">
        By continuing you agree to our Terms of Service and Privacy Policy. We only read your calendar to find free time and to
        add your breaks.
      </Text>
    </AuthCard>
  );
}
