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
  'validation.mention.prefix': 'Type the beginning of a username: Latin letters, digits, “_”, “.” or “-”',
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
  'validation.imageAlt.type': 'The image description must be text',
  'validation.imageAlt.tooLong': 'The image description must be at most {max} characters',
  'validation.imageAlt.control': 'The image description must be a single line of text',
  'validation.imageAlt.tooMany': 'There cannot be more image descriptions than images',
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
  'validation.status.value': 'The status must be “draft” or “published”',
  'validation.coauthor.username': 'Enter a username',
  'validation.draftId.type': 'The draft id is not valid',
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
  'validation.comment.parent': 'The comment you are answering is not named correctly',

  'validation.headline.type': 'The headline must be text',
  'validation.headline.tooLong':
    'The headline must be at most {max, plural, one {# character} other {# characters}}',
  'validation.city.unknown': 'Choose a region from the list',
  'validation.website.type': 'The website must be text',
  'validation.website.tooLong':
    'The website must be at most {max, plural, one {# character} other {# characters}}',
  'validation.website.format': 'The website must be an address starting with http:// or https://',
  'validation.linkedin.type': 'The LinkedIn profile must be text',
  'validation.linkedin.tooLong':
    'The LinkedIn profile must be at most {max, plural, one {# character} other {# characters}}',
  'validation.linkedin.format': 'The LinkedIn profile must be a link like https://www.linkedin.com/in/...',
  'validation.experience.list': 'The list of jobs is not valid',
  'validation.experience.tooMany': 'You can list at most {max, plural, one {# job} other {# jobs}}',
  'validation.experience.entry': 'The job’s details are not valid',
  'validation.experience.roleRequired': 'Enter the role',
  'validation.experience.roleTooLong':
    'The role must be at most {max, plural, one {# character} other {# characters}}',
  'validation.experience.companyRequired': 'Enter the company',
  'validation.experience.companyTooLong':
    'The company must be at most {max, plural, one {# character} other {# characters}}',
  'validation.experience.month': 'A date is a year and a month, such as 2024-09',
  'validation.experience.order': 'A job cannot start after it ended',
  'validation.education.list': 'The list of schools is not valid',
  'validation.education.tooMany': 'You can list at most {max, plural, one {# school} other {# schools}}',
  'validation.education.entry': 'The school’s details are not valid',
  'validation.education.schoolRequired': 'Enter the school',
  'validation.education.schoolTooLong':
    'The school must be at most {max, plural, one {# character} other {# characters}}',
  'validation.education.fieldType': 'The field of study must be text',
  'validation.education.fieldTooLong':
    'The field of study must be at most {max, plural, one {# character} other {# characters}}',
  'validation.education.year': 'A year must be a whole number, such as 2020',
  'validation.education.order': 'Studies cannot start after the year they ended',
  'validation.years.range': 'The year must be between {min} and {max}',
  'validation.openToWork.type': 'The job search details are not valid',
  'validation.openToWork.status': 'Unknown job search status',
  'validation.openToWork.role': 'A role must be text',
  'validation.openToWork.roleTooLong':
    'A role must be at most {max, plural, one {# character} other {# characters}}',
  'validation.openToWork.roles': 'The list of roles is not valid',
  'validation.openToWork.tooManyRoles': 'You can list at most {max, plural, one {# role} other {# roles}}',
  'validation.openToWork.employment': 'Unknown kind of employment',
  'validation.affiliation.type': 'The organisation’s details are not valid',
  'validation.affiliation.kind': 'Unknown kind of organisation',
  'validation.affiliation.nameRequired': 'Enter the organisation’s name',
  'validation.affiliation.nameTooLong':
    'The organisation’s name must be at most {max, plural, one {# character} other {# characters}}',
  'validation.pinned.list': 'The list of pinned work is not valid',
  'validation.pinned.item': 'That is not the id of a portfolio',
  'validation.pinned.tooMany': 'You can pin at most {max, plural, one {# portfolio} other {# portfolios}}',
  'validation.pinned.duplicate': 'The same portfolio is pinned twice',
  'validation.pinned.notYours': 'You can pin only your own portfolios',

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
