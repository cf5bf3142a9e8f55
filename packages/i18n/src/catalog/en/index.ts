import type { Catalog } from '../types.js';
import { serverPages } from './server-pages.js';
import { site } from './site.js';
import { webAuth } from './web-auth.js';
import { webCommon } from './web-common.js';
import { webCommunity } from './web-community.js';
import { webModeration } from './web-moderation.js';
import { webPeople } from './web-people.js';
import { webPortfolios } from './web-portfolios.js';

export const catalog = {
  ...site,
  ...webCommon,
  ...webPortfolios,
  ...webPeople,
  ...webAuth,
  ...webCommunity,
  ...webModeration,
  ...serverPages,
} satisfies Catalog;
