import { accountsRouter } from "../../domains/accounts/accounts.router.ts";
import { createCallerFactory, router } from "./init.ts";

/** Every domain's procedures under one router; its type is all the client imports. */
export const appRouter = router({
  account: accountsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
