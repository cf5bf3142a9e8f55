import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Database } from './schema.js';
import * as initialSchema from './migrations/20261122090000_initial_schema.js';
import * as indexedTechnologyFilter from './migrations/20261123090000_indexed_technology_filter.js';
import * as authorUpdatedIndex from './migrations/20261124090000_author_updated_index.js';
import * as likersIndex from './migrations/20261125090000_likers_index.js';
import * as searchTerms from './migrations/20261126090000_search_terms.js';
import * as portfolioLists from './migrations/20261127090000_portfolio_lists.js';
import * as accountLinks from './migrations/20261128090000_account_links.js';
import * as follows from './migrations/20261129090000_follows.js';
import * as bookmarks from './migrations/20261130090000_bookmarks.js';
import * as notifications from './migrations/20261201090000_notifications.js';
import * as trending from './migrations/20261202090000_trending.js';
import * as portfolioViews from './migrations/20261203090000_portfolio_views.js';
import * as moderation from './migrations/20261204090000_moderation.js';
import * as originalImages from './migrations/20261205090000_original_images.js';
import * as coveringOrderIndexes from './migrations/20261206090000_covering_order_indexes.js';
import * as searchIndexState from './migrations/20261207090000_search_index_state.js';
import * as userScript from './migrations/20261208090000_user_script.js';
import * as telegramAccounts from './migrations/20261209090000_telegram_accounts.js';
import * as portfolioAliases from './migrations/20261210090000_portfolio_aliases.js';
import * as userLocale from './migrations/20261211090000_user_locale.js';
import * as profileCv from './migrations/20261212090000_profile_cv.js';
import * as peopleDirectory from './migrations/20261213090000_people_directory.js';
import * as telegramChats from './migrations/20261214090000_telegram_chats.js';
import * as telegramOutbox from './migrations/20261215090000_telegram_outbox.js';
import * as visibleLikesReceived from './migrations/20261216090000_visible_likes_received.js';
import * as telegramChannel from './migrations/20261217090000_telegram_channel.js';
import * as telegramFanouts from './migrations/20261218090000_telegram_fanouts.js';
import * as rankedLikes from './migrations/20261219090000_ranked_likes.js';
import * as imageAlts from './migrations/20261220090000_image_alts.js';
import * as commentEdits from './migrations/20261221090000_comment_edits.js';
import * as commentReplies from './migrations/20261222090000_comment_replies.js';
import * as githubRepos from './migrations/20261223090000_github_repos.js';
import * as portfolioDrafts from './migrations/20261224090000_portfolio_drafts.js';
import * as telegramFanoutClaims from './migrations/20261225090000_telegram_fanout_claims.js';
import * as blocksMutes from './migrations/20261226090000_blocks_mutes.js';
import * as coAuthors from './migrations/20261227090000_co_authors.js';
import * as mentions from './migrations/20261228090000_mentions.js';
import * as spellingSuggestions from './migrations/20261230090000_spelling_suggestions.js';
import * as technologyRedirects from './migrations/20261230100000_technology_redirects.js';
import * as technologyPrefixIndex from './migrations/20261231090000_technology_prefix_index.js';
import * as titleWords from './migrations/20270101090000_title_words.js';
import * as searchTermDocuments from './migrations/20270102090000_search_term_documents.js';

/** Every migration, by its timestamped name. Listed here so the compiled server needs no file lookups. */
const migrations: Record<string, Migration> = {
  '20261122090000_initial_schema': initialSchema,
  '20261123090000_indexed_technology_filter': indexedTechnologyFilter,
  '20261124090000_author_updated_index': authorUpdatedIndex,
  '20261125090000_likers_index': likersIndex,
  '20261126090000_search_terms': searchTerms,
  '20261127090000_portfolio_lists': portfolioLists,
  '20261128090000_account_links': accountLinks,
  '20261129090000_follows': follows,
  '20261130090000_bookmarks': bookmarks,
  '20261201090000_notifications': notifications,
  '20261202090000_trending': trending,
  '20261203090000_portfolio_views': portfolioViews,
  '20261204090000_moderation': moderation,
  '20261205090000_original_images': originalImages,
  '20261206090000_covering_order_indexes': coveringOrderIndexes,
  '20261207090000_search_index_state': searchIndexState,
  '20261208090000_user_script': userScript,
  '20261209090000_telegram_accounts': telegramAccounts,
  '20261210090000_portfolio_aliases': portfolioAliases,
  '20261211090000_user_locale': userLocale,
  '20261212090000_profile_cv': profileCv,
  '20261213090000_people_directory': peopleDirectory,
  '20261214090000_telegram_chats': telegramChats,
  '20261215090000_telegram_outbox': telegramOutbox,
  '20261216090000_visible_likes_received': visibleLikesReceived,
  '20261217090000_telegram_channel': telegramChannel,
  '20261218090000_telegram_fanouts': telegramFanouts,
  '20261219090000_ranked_likes': rankedLikes,
  '20261220090000_image_alts': imageAlts,
  '20261221090000_comment_edits': commentEdits,
  '20261222090000_comment_replies': commentReplies,
  '20261223090000_github_repos': githubRepos,
  '20261224090000_portfolio_drafts': portfolioDrafts,
  '20261225090000_telegram_fanout_claims': telegramFanoutClaims,
  '20261226090000_blocks_mutes': blocksMutes,
  '20261227090000_co_authors': coAuthors,
  '20261228090000_mentions': mentions,
  '20261230090000_spelling_suggestions': spellingSuggestions,
  '20261230100000_technology_redirects': technologyRedirects,
  '20261231090000_technology_prefix_index': technologyPrefixIndex,
  '20270101090000_title_words': titleWords,
  '20270102090000_search_term_documents': searchTermDocuments,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** Names of the migrations this code has that the database has not run. */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const known = await migrator.getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
