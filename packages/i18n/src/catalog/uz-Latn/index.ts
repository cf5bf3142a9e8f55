import { apiProblems } from './api-problems.js';
import { apiValidation } from './api-validation.js';
import { mails } from './mails.js';
import { cards } from './cards.js';
import { feeds } from './feeds.js';
import { serverPages } from './server-pages.js';
import { site } from './site.js';
import { webAuth } from './web-auth.js';
import { webCommon } from './web-common.js';
import { webCommunity } from './web-community.js';
import { webDirectory } from './web-directory.js';
import { webSearch } from './web-search.js';
import { webModeration } from './web-moderation.js';
import { webPeople } from './web-people.js';
import { webPortfolios } from './web-portfolios.js';
import { profileCv } from './profile-cv.js';
import { cv } from './cv.js';
import { embed } from './embed.js';
import { bot } from './bot.js';
import { github } from './github.js';

/** The source of every text: Uzbek in Latin. Cyrillic is made from it when the catalogs are compiled. */
export const catalog = {
  ...site,
  ...webCommon,
  ...webPortfolios,
  ...webPeople,
  ...webDirectory,
  ...webSearch,
  ...profileCv,
  ...webAuth,
  ...webCommunity,
  ...webModeration,
  ...serverPages,
  ...feeds,
  ...cards,
  ...cv,
  ...embed,
  ...apiProblems,
  ...apiValidation,
  ...mails,
  ...bot,
  ...github,
} as const;
