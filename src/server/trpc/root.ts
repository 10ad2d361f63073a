import { accountsRouter } from "../../domains/accounts/accounts.router.ts";
import { adminRouter } from "../../domains/admin/admin.router.ts";
import { assistantRouter } from "../../domains/assistant/assistant.router.ts";
import { dataRightsRouter } from "../../domains/datarights/datarights.router.ts";
import { contactsRouter } from "../../domains/contacts/contacts.router.ts";
import { feedRouter } from "../../domains/feed/feed.router.ts";
import { liveRouter } from "../../domains/live/live.router.ts";
import { moderationRouter } from "../../domains/moderation/moderation.router.ts";
import { messagesRouter } from "../../domains/messages/messages.router.ts";
import { notificationsRouter } from "../../domains/notifications/notifications.router.ts";
import { newsRouter } from "../../domains/news/news.router.ts";
import { onboardingRouter } from "../../domains/onboarding/onboarding.router.ts";
import { searchRouter } from "../../domains/search/search.router.ts";
import { mediaRouter } from "../../domains/media/media.router.ts";
import { profilesRouter } from "../../domains/profiles/profiles.router.ts";
import { referenceRouter } from "../../domains/reference/reference.router.ts";
import { settingsRouter } from "../../domains/settings/settings.router.ts";
import { siteRouter } from "../../domains/site/site.router.ts";
import { videosRouter } from "../../domains/videos/videos.router.ts";
import { createCallerFactory, router } from "../../platform/trpc/init.ts";

/** Every domain's procedures under one router; its type is all the client imports. */
export const appRouter = router({
  account: accountsRouter,
  contacts: contactsRouter,
  search: searchRouter,
  feed: feedRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  live: liveRouter,
  news: newsRouter,
  profiles: profilesRouter,
  reference: referenceRouter,
  media: mediaRouter,
  videos: videosRouter,
  settings: settingsRouter,
  assistant: assistantRouter,
  onboarding: onboardingRouter,
  admin: adminRouter,
  dataRights: dataRightsRouter,
  moderation: moderationRouter,
  site: siteRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
