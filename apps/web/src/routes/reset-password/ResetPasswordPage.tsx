import { useSearchParams } from 'react-router';
import { useConsoleTitle } from '../../lib/use-document-title';
import { NewPasswordForm } from './NewPasswordForm';
import { RequestLinkForm } from './RequestLinkForm';

/** /reset-password asks for the email; the mailed link (?token=…) sets the new password. */
export default function ResetPasswordPage() {
  useConsoleTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} /> : <RequestLinkForm />;
}
