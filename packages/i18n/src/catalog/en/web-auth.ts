import type { Translation } from '../types.js';
import type { webAuth as source } from '../uz-Latn/web-auth.js';

export const webAuth = {
  'auth.loginTitle': 'Sign in',
  'auth.loginLead': 'Enter your email or username and your password.',
  'auth.emailOrUsername': 'Email or username',
  'auth.password': 'Password',
  'auth.submitLogin': 'Sign in',
  'auth.noAccount': 'No account yet? <0>Sign up</0>',
  'auth.haveAccount': 'Already have an account? <0>Sign in</0>',
  'auth.loginLink': 'Sign in',
  'auth.loginRequiredTitle': 'Please sign in',
  'auth.loginRequired': 'Sign in to see this page.',

  'auth.verifyTitle': 'Sign up',
  'auth.verifyStep': 'Step 1: confirm your email address',
  'auth.verifyLead':
    'Enter your email address. We will send a link there to continue signing up. The link works for 24 hours.',
  'auth.email': 'Email',
  'auth.sendLink': 'Send the link',
  'auth.sent':
    'We sent a link to {email}. Check your inbox (and the spam folder) and open the link in the email.',
  'auth.sendAgain': 'Send to another address',

  'auth.registerTitle': 'Sign up',
  'auth.registerStep': 'Step 2: account details',
  'auth.registerLead': 'Your email address is confirmed. Now fill in your account details.',
  'auth.missingLinkTitle': 'A confirmation link is needed',
  'auth.missingLink':
    'To sign up, first confirm your email address: we will send you a link that brings you back to this page with everything filled in.',
  'auth.goVerify': 'Confirm your email address',
  'auth.required': 'Required fields',
  'auth.optional': 'More about you (optional)',
  'auth.submitRegister': 'Sign up',
  'auth.passwordHint': 'At least 8 characters',
  'auth.registered': 'Welcome! Your account has been created.',
  'auth.linkExpired':
    'If the link has expired or was already used, get a new one. <0>Confirm your email address</0>',

  'account.forgotLink': 'Forgot your password?',
  'account.forgotTitle': 'Reset password',
  'account.forgotLead':
    'Enter the email address of your account. We will send a link there to set a new password. The link works for 1 hour.',
  'account.sendResetLink': 'Send the link',
  'account.resetSent':
    'If there is an account with {email}, we sent it a link to reset the password. Check your inbox (and the spam folder).',
  'account.otherAddress': 'Send to another address',
  'account.backToLogin': 'Back to sign in',

  'account.resetTitle': 'Set a new password',
  'account.resetLead': 'Enter a new password. Once it is saved, you are signed out on all other devices.',
  'account.newPassword': 'New password',
  'account.saveNewPassword': 'Save password',
  'account.passwordReset': 'Your password has been changed. You were signed out on your other devices.',
  'account.missingToken': 'The link is incomplete. Copy the whole link from the email, or ask for a new one.',
  'account.askAgain': 'Ask for a new link',

  'account.confirmTitle': 'New email address',
  'account.confirming': 'Confirming…',
  'account.confirmedTo': 'Your email address has been changed to {email}.',
  'account.confirmed': 'Your email address has been changed.',
  'account.toProfile': 'Go to my profile',

  'account.settingsTitle': 'Account settings',
  'account.emailSection': 'Change email address',
  'account.emailLead':
    'Current address: {email}. We will send a confirmation link to the new address; the address changes once the link is opened.',
  'account.noEmailLead':
    'Your account has no email address. If you add one, we will send a confirmation link there; the address is saved once the link is opened.',
  'account.newEmail': 'New email',
  'account.currentPassword': 'Current password',
  'account.sendConfirmation': 'Send confirmation link',
  'account.confirmationSent': 'We sent a confirmation link to {email}. Open it within 1 hour.',

  'account.dataSection': 'My data',
  'account.dataLead':
    'Everything the site keeps about you: your profile, portfolios, comments, likes, the list of your images and your sign-ins, in one JSON file.',
  'account.download': 'Download my data',
  'account.downloaded': '{name} downloaded',

  'account.deleteSection': 'Delete account',
  'account.deleteLead':
    'Along with your account, all your portfolios, comments, likes and images are deleted for good. This cannot be undone.',
  'account.deleteButton': 'Delete my account',
  'account.deleteConfirm':
    'Your account and everything in it will be deleted for good. Are you sure you want to delete it?',
  'account.deleteOk': 'Yes, delete it',
  'account.deleted': 'Your account has been deleted. Thank you for using Portfolio Master.',

  'telegram.or': 'or',
  'telegram.signIn': 'Sign in with Telegram',
  'telegram.register': 'Sign up with Telegram',
  'telegram.registerLead':
    'If you sign up with Telegram, you need no email or password: you can add them later.',
  'telegram.unavailable':
    'The Telegram button did not load: check your internet connection and reload the page.',
  'telegram.section': 'Sign in with Telegram',
  'telegram.linkedLead':
    'Your account is linked to Telegram: you can sign in with Telegram without a password.',
  'telegram.unlinkedLead': 'Link Telegram to sign in to your account with Telegram, without a password.',
  'telegram.link': 'Link Telegram',
  'telegram.unlink': 'Unlink Telegram',
  'telegram.onlyWay': 'Telegram is the only way into your account. Set a password before unlinking it.',
  'telegram.linked': 'Telegram is now linked to your account.',
  'telegram.unlinked': 'Telegram has been unlinked from your account.',
  'telegram.confirmLead':
    'Your account has no password: to confirm this, sign in with Telegram again. The change then goes through by itself.',
  'telegram.confirm': 'Confirm with Telegram',
  'telegram.setPassword': 'Set a password',
  'telegram.setPasswordLead':
    'With a password you can also sign in with your email (or username) and password.',
  'telegram.welcome': 'Welcome! Your account was created with Telegram. Please complete your profile.',
} satisfies Translation<typeof source>;
