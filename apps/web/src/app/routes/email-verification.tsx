import { Link } from '../../lib/router';
import { useSendVerification } from '../../features/auth/api/send-verification';
import { EmailLinkForm } from '../../features/auth/components/email-link-form';
import { TelegramSignIn } from '../../features/auth/components/telegram-sign-in';
import { useTexts } from '../../i18n/uz';
import { privateHead } from '../../lib/head';
import type { Page } from '../route';

/** Registration, step 1: the address gets a link that opens step 2 with `?email=&token=`. */
export function EmailVerificationRoute() {
  const uz = useTexts();
  const send = useSendVerification();
  return (
    <div className="container page page--form">
      <div className="panel form-card">
        <span className="step">{uz.auth.verifyStep}</span>
        <h1>{uz.auth.verifyTitle}</h1>
        <EmailLinkForm
          send={send}
          lead={uz.auth.verifyLead}
          submitLabel={uz.auth.sendLink}
          sentMessage={uz.auth.sent}
          againLabel={uz.auth.sendAgain}
        />
        <TelegramSignIn label={uz.telegram.register} to="/page/1" lead={uz.telegram.registerLead} />
        <p className="form-foot">
          {uz.auth.haveAccount} <Link to="/auth/login">{uz.auth.loginLink}</Link>
        </p>
      </div>
    </div>
  );
}

export const page: Page = {
  Component: EmailVerificationRoute,
  head: privateHead((uz) => uz.auth.verifyTitle),
};
