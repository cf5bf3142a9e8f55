import type { Translation } from '../types.js';
import type { apiValidation as source } from '../uz-Latn/api-validation.js';

export const apiValidation = {
  'validation.text.nul': 'The text holds a character that is not allowed (U+0000)',
  'validation.boolean': 'The value must be true or false',
  'validation.number.type': '{field} must be a number',
  'validation.number.integer': '{field} must be a whole number',
  'validation.number.tooSmall': '{field} must be at least {min}',
  'validation.number.tooBig': '{field} must be at most {max}',

  'validation.email.required': 'Enter an email address',
  'validation.email.tooLong':
    'The email address must be at most {max, plural, one {# character} other {# characters}}',
  'validation.email.format': 'That is not a valid email address',
  'validation.username.required': 'Enter a username',
  'validation.username.tooShort':
    'The username must be at least {min, plural, one {# character} other {# characters}}',
  'validation.username.tooLong':
    'The username must be at most {max, plural, one {# character} other {# characters}}',
  'validation.username.format': 'A username may hold only Latin letters, digits and _ . -',
  'validation.username.taken': 'This username is taken',
  'validation.password.required': 'Enter a password',
  'validation.password.tooShort':
    'The password must be at least {min, plural, one {# character} other {# characters}}',
  'validation.password.tooLong':
    'The password must be at most {max, plural, one {# character} other {# characters}}',
  'validation.currentPassword.required': 'Enter your current password',
  'validation.currentPassword.type': 'The current password must be text',
  'validation.login.required': 'Enter your email address or username',
  'validation.login.tooLong': 'The email address or username is too long',
  'validation.firstname.required': 'Enter your first name',
  'validation.firstname.tooLong':
    'The first name must be at most {max, plural, one {# character} other {# characters}}',
  'validation.lastname.required': 'Enter your last name',
  'validation.lastname.tooLong':
    'The last name must be at most {max, plural, one {# character} other {# characters}}',
  'validation.description.type': 'The description must be text',
  'validation.description.tooLong':
    'The description must be at most {max, plural, one {# character} other {# characters}}',
  'validation.skills.item': 'A skill must be text',
  'validation.skills.itemTooLong':
    'A skill must be at most {max, plural, one {# character} other {# characters}}',
  'validation.skills.list': 'The list of skills is not valid',
  'validation.skills.tooMany': 'You can list at most {max, plural, one {# skill} other {# skills}}',
  'validation.githubProfile.type': 'The GitHub profile must be text',
  'validation.githubProfile.tooLong':
    'The GitHub profile must be at most {max, plural, one {# character} other {# characters}}',
  'validation.githubProfile.format': 'The GitHub profile must be a link (https://...) or a username',
  'validation.telegramProfile.type': 'The Telegram profile must be text',
  'validation.telegramProfile.tooLong':
    'The Telegram profile must be at most {max, plural, one {# character} other {# characters}}',
  'validation.telegramProfile.format': 'The Telegram profile must be a link (https://...) or a username',
  'validation.link.incomplete': 'The link is incomplete',
  'validation.link.invalid': 'The link is not valid',
  'validation.telegram.invalid': 'The Telegram data is not valid',
  'validation.telegram.incomplete': 'The Telegram data is incomplete',
  'validation.notificationKind': 'Unknown kind of notification',

  'validation.title.required': 'Enter a title',
  'validation.title.tooShort':
    'The title must be at least {min, plural, one {# character} other {# characters}}',
  'validation.title.tooLong':
    'The title must be at most {max, plural, one {# character} other {# characters}}',
  'validation.url.required': 'Enter the project’s address',
  'validation.url.tooLong':
    'The project’s address must be at most {max, plural, one {# character} other {# characters}}',
  'validation.url.format': 'The project’s address must start with http:// or https://',
  'validation.repoUrl.type': 'The repository address must be text',
  'validation.repoUrl.tooLong':
    'The repository address must be at most {max, plural, one {# character} other {# characters}}',
  'validation.repoUrl.format': 'The repository address must start with http:// or https://',
  'validation.technologies.required': 'Enter at least one technology',
  'validation.technologies.item': 'A technology must be text',
  'validation.technologies.itemTooLong':
    'A technology’s name must be at most {max, plural, one {# character} other {# characters}}',
  'validation.technologies.list': 'The list of technologies is not valid',
  'validation.technologies.tooMany': 'At most {max, plural, one {# technology} other {# technologies}}',
  'validation.filter.itemTooLong': 'A technology’s name is too long',
  'validation.filter.tooMany': 'Too many technologies in the filter',
  'validation.search.tooLong':
    'The search must be at most {max, plural, one {# character} other {# characters}}',
  'validation.comment.required': 'Write a comment',
  'validation.comment.tooLong':
    'A comment must be at most {max, plural, one {# character} other {# characters}}',

  'validation.invalidType':
    '{expected, select, string {Text was expected} number {A number was expected} boolean {true or false was expected} object {An object was expected} array {A list was expected} other {The value has the wrong type}}',
  'validation.tooSmall':
    '{origin, select, string {At least {min, plural, one {# character} other {# characters}}} array {At least {min, plural, one {# item} other {# items}}} other {At least {min}}}',
  'validation.tooBig':
    '{origin, select, string {At most {max, plural, one {# character} other {# characters}}} array {At most {max, plural, one {# item} other {# items}}} other {At most {max}}}',
  'validation.invalidFormat': 'The value has the wrong format',
  'validation.invalidValue': '{field} must be one of: {values}',
  'validation.unrecognizedKeys': 'Unknown fields: {keys}',
  'validation.invalid': 'The value is not valid',
} satisfies Translation<typeof source>;
