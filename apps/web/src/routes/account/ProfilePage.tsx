import { Divider, TextInput } from '@mantine/core';
import { useAccount } from '../../app/session/SessionProvider';
import { WeeklyReportToggle } from '../../features/onboarding/WeeklyReportToggle';
import { IfModule } from '../../features/console-modules/ModuleOff';
import { AvatarPicker } from './AvatarPicker';
import { EnterpriseOffer } from './EnterpriseOffer';
import { PasswordSection } from './PasswordSection';
import { ProfileForm } from './ProfileForm';
import { Section } from './Section';
import { TwoFactorSection } from '../../features/mfa/TwoFactorSection';

/** /account/profile: the profile form, the member's avatar, the member's weekly report choice (while its module is on), for accounts with a password changing it, and for accounts that are not enterprise, what the enterprise edition adds. */
export default function ProfilePage() {
  const account = useAccount();
  return (
    <>
      <Section title="Profile" description="Your email address is your identity: it is the one you use to login.">
        <TextInput label="Email Address" value={account.email} readOnly variant="filled" mb="md" maw={480} />
        <ProfileForm />
      </Section>
      <Divider />
      <Section title="Avatar" description="Pick an icon to picture you instead of your initials.">
        <AvatarPicker />
      </Section>
      {/* Switched off for the account (the weekly report module), no report is mailed: the choice is not offered. */}
      <IfModule module="weekly-report">
        <Divider />
        <Section title="Weekly Report" description="Your own choice: other members choose for themselves.">
          <WeeklyReportToggle />
        </Section>
      </IfModule>
      {account.hasPassword && (
        <>
          <Divider />
          <PasswordSection />
          <Divider />
          <Section title="Two-factor authentication" description="A code from an authenticator app, or a passkey or security key, at every sign-in besides your password.">
            <TwoFactorSection />
          </Section>
        </>
      )}
      <EnterpriseOffer />
    </>
  );
}
