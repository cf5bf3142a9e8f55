import type { Translation } from '../types.js';
import type { mails as source } from '../uz-Latn/mails.js';

export const mails = {
  'mail.greeting': 'Hello!',
  'mail.buttonFallback': 'If the button does not work, copy this link into your browser:',
  'mail.notYou': 'If this was not you, there is nothing you need to do.',
  'mail.signIn': 'Sign in',

  'mail.verification.subject': 'Portfolio Master: confirm your email address',
  'mail.verification.body':
    'To continue signing up for Portfolio Master, open the link below. It works for 24 hours, and only once.',
  'mail.verification.action': 'Continue signing up',
  'mail.verification.ignore': 'If you did not mean to sign up, just ignore this email.',
  'mail.alreadyRegistered.subject': 'Portfolio Master: you already have an account',
  'mail.alreadyRegistered.body':
    'Someone tried to sign up with this email address, but there is already an account with it. To sign in, open the link below.',

  'mail.passwordReset.subject': 'Portfolio Master: reset your password',
  'mail.passwordReset.body':
    'Someone asked to reset the password of your account. To set a new password, open the link below. It works for 1 hour, and only once.',
  'mail.passwordReset.action': 'Set a new password',
  'mail.passwordReset.ignore':
    'If you did not ask for this, ignore this email: your password stays as it is.',
  'mail.noAccount.subject': 'Portfolio Master: there is no account with this address',
  'mail.noAccount.body':
    'Someone asked to reset the password for this email address, but there is no Portfolio Master account with it. If you would like to sign up, open the link below.',
  'mail.noAccount.action': 'Sign up',
  'mail.passwordChanged.subject': 'Portfolio Master: your password was changed',
  'mail.passwordChanged.body':
    'The password of your account was just changed, and you were signed out on every other device.',
  'mail.passwordChanged.action': 'Reset the password',
  'mail.passwordChanged.notYou': 'If you did not do this, reset your password right away.',

  'mail.emailChange.subject': 'Portfolio Master: confirm your new email address',
  'mail.emailChange.body':
    'Someone asked to move your Portfolio Master account to this email address. To confirm it, open the link below. It works for 1 hour, and only once.',
  'mail.emailChange.action': 'Confirm the new address',
  'mail.emailChange.ignore': 'If you did not ask for this, ignore this email.',
  'mail.emailInUse.subject': 'Portfolio Master: this address is taken',
  'mail.emailInUse.body':
    'Someone asked to move another account to this email address, but there is already an account with it, so nothing was changed.',
  'mail.emailChanged.subject': 'Portfolio Master: your email address was changed',
  'mail.emailChanged.body':
    'The email address of your account was changed to {email}. From now on, emails and password reset links go there.',
  'mail.emailChanged.notYou':
    'If you did not do this, tell us at once through the address at the bottom of the site.',
  'mail.accountDeleted.subject': 'Portfolio Master: your account was deleted',
  'mail.accountDeleted.body':
    'The account @{username} was deleted with all its portfolios, comments, likes and images. Thank you for using Portfolio Master.',

  'mail.comment.subject': 'Portfolio Master: a comment on your portfolio “{title}”',
  'mail.comment.line': '{name} commented on your portfolio “{title}”: “{comment}”',
  'mail.comment.action': 'See the comment',
  'mail.reply.subject': 'Portfolio Master: a new comment on “{title}”',
  'mail.reply.line': '{name} also commented on “{title}”, where you commented: “{comment}”',
  'mail.reply.action': 'See the discussion',
  'mail.mention.subject': 'Portfolio Master: {name} mentioned you',
  'mail.mention.line': '{name} mentioned you in a comment on “{title}”: “{comment}”',
  'mail.mention.lineDescription': '{name} mentioned you in the description of “{title}”.',
  'mail.like.subject': 'Portfolio Master: your portfolio “{title}” was liked',
  'mail.like.line':
    '{name}{others, plural, =0 {} one { and # other person} other { and # other people}} liked your portfolio “{title}”.',
  'mail.post.subject': 'Portfolio Master: {name} posted a new portfolio',
  'mail.post.line': '{name}, whom you follow, posted a new portfolio: “{title}”.',
  'mail.viewPortfolio': 'See the portfolio',
  'mail.unsubscribe': 'If you would rather not get emails like this, stop them with one click: {link}',
} satisfies Translation<typeof source>;
