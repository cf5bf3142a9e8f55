import type { Translation } from '../types.js';
import type { webCommon as source } from '../uz-Latn/web-common.js';

export const webCommon = {
  'nav.home': 'Home',
  'nav.create': 'Post a portfolio',
  'nav.login': 'Sign in',
  'nav.register': 'Sign up',
  'nav.logout': 'Sign out',
  'nav.profile': 'Profile',
  'nav.following': 'Following',
  'nav.saved': 'Saved',
  'nav.about': 'About',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.mainMenu': 'Main menu',
  'nav.moderation': 'Moderation',
  'nav.back': 'Back',

  'footer.contact': 'Contact',
  'footer.email': 'Email',
  'footer.phone': 'Phone',
  'footer.menu': 'Menu',
  'footer.social': 'Social media',
  'footer.aboutTitle': 'About Portfolio Master',

  'share.telegram': 'Share on Telegram',

  'offline.newVersion': 'A new version is available',
  'offline.update': 'Update',

  'feeds.site': 'Portfolio Master: new portfolios',
  'feeds.technology': '{name}: new portfolios',
  'feeds.author': '{name}: new portfolios',

  'pagination.label': 'Pages',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'pagination.page': 'Page {page}',

  'search.placeholder': 'Search for anything',
  'search.label': 'Search',
  'search.clear': 'Clear search',

  'dialog.title': 'Are you sure?',
  'dialog.ok': 'Yes',
  'dialog.cancel': 'Cancel',
  'dialog.close': 'Close',

  'status.loading': 'Loading...',
  'status.success': 'Done',
  'status.error': 'Error',

  'image.loading': 'Loading image',

  'time.seconds': '{count, plural, one {# second ago} other {# seconds ago}}',
  'time.minutes': '{count, plural, one {# minute ago} other {# minutes ago}}',
  'time.hours': '{count, plural, one {# hour ago} other {# hours ago}}',
  'time.days': '{count, plural, one {# day ago} other {# days ago}}',
  'time.months': '{count, plural, one {# month ago} other {# months ago}}',
  'time.years': '{count, plural, one {# year ago} other {# years ago}}',

  'errors.fetch': 'Cannot reach the server. Check your internet connection and try again.',
  'errors.timeout': 'The server took too long to respond. Please try again in a moment.',
  'errors.parsing': 'The server’s response could not be read.',
  'errors.http': 'The server returned an error ({status}).',
  'errors.badRequest': 'The request is invalid.',
  'errors.unauthorized': 'Please sign in first.',
  'errors.forbidden': 'You are not allowed to do this.',
  'errors.notFound': 'What you asked for was not found.',
  'errors.conflict': 'This is already taken.',
  'errors.tooLarge': 'The file is too large.',
  'errors.unsupportedType': 'This type of file is not accepted.',
  'errors.invalid': 'Some of the details are invalid.',
  'errors.tooManyRequests': 'Too many attempts. Please try again in a moment.',
  'errors.server': 'Something went wrong on the server. Please try again in a moment.',
  'errors.checkFields': 'Some of the details are invalid: please correct the highlighted fields.',
  'errors.retry': 'Try again',
  'errors.somethingWrong': 'Something went wrong',
  'errors.sectionFailed': 'This section could not be shown.',
  'errors.reload': 'Reload the page',
  'errors.chunk': 'The page could not be loaded. Check your internet connection and reload the page.',

  'notFound.title': 'Page not found',
  'notFound.text': 'The page you are looking for does not exist or has moved.',
  'notFound.home': 'Back to the home page',

  'about.title': 'About',
  'about.intro':
    'Portfolio Master is a community site for developers. Post your own projects here, and browse, like and comment on the work of others.',
  'about.visitorsTitle': 'For visitors',
  'about.visitors': 'All portfolios and members can be viewed without signing up.',
  'about.membersTitle': 'For members',
  'about.members':
    'Members post, edit and delete their portfolios, like the work of others, write comments and edit their own profiles.',
  'about.start': 'Post a portfolio',
  'about.browse': 'Browse portfolios',
} satisfies Translation<typeof source>;
