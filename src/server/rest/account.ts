import { loginInput, registerInput, registrationCodeInput } from "../../domains/accounts/accounts.schema.ts";
import * as accounts from "../../domains/accounts/accounts.service.ts";
import { badInput, forbidden, unauthorized } from "../../shared/errors.ts";
import { loginResult } from "./legacy-shapes.ts";
import { member } from "./member.ts";
import { actorOf, type Controller, DEACTIVATED_REFUSAL, fields, type RestRequest, TextAnswer } from "./registry.ts";

async function loginAction(req: RestRequest, input: { email: unknown; password: unknown }) {
  const credentials = loginInput.parse(input);
  const outcome = await accounts.login(req.app, credentials, req.meta, { reactivationToken: true });
  // A suspended member gets their status ('4') and no token.
  if (outcome.kind === "notfound") return loginResult();
  return loginResult(outcome.member, outcome.kind === "suspended" ? null : outcome.session);
}

const REGISTER_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "password",
  "confirmPwd",
  "gender",
  "month",
  "day",
  "year",
  "code",
  "profileType",
] as const;

/** account/*: sign-in and registration of the original service (all public). */
export const account: Controller = {
  login: {
    methods: ["POST"],
    public: true,
    handler: (req) => loginAction(req, fields(req, ["email", "password"])),
  },
  AuthenticateUser: {
    methods: ["GET", "POST"],
    public: true,
    handler: (req) => {
      const { email, pwd } = fields(req, ["email", "pwd"]);
      return loginAction(req, { email, password: pwd });
    },
  },
  loginNewRegisteredUser: {
    methods: ["POST"],
    public: true,
    handler: async (req) => {
      const input = registrationCodeInput.parse(fields(req, ["email", "code"]));
      const done = await accounts.completeRegistration(req.app, input, req.meta);
      return done ? loginResult(done.member, done.session) : loginResult();
    },
  },
  refreshLogin: {
    methods: ["POST", "GET"],
    public: true,
    handler: async (req) => {
      const { accessToken } = fields(req, ["accessToken"]);
      const token = typeof accessToken === "string" ? accessToken.trim() : "";
      if (!token) throw badInput("accessToken is required.");
      const actor = await accounts.actorOfToken(req.app, token);
      if (!actor) throw unauthorized("The access token is not valid or has expired. Sign in again.");
      // The token of a deactivated login can only reactivate or sign out (docs/rest-api.md, "Where Sideline is stricter"): no fresh tokens.
      if (actor.scope !== "full") throw forbidden(DEACTIVATED_REFUSAL);
      const { member: m, session } = await accounts.refreshSession(req.app, actor, req.meta);
      return loginResult(m, session);
    },
  },
  register: {
    methods: ["POST"],
    public: true,
    // Through fields(): legacy clients send names with stray spaces or in another case.
    handler: async (req) => new TextAnswer(await accounts.register(req.app, registerInput.parse(fields(req, REGISTER_FIELDS)), req.meta)),
  },
  // Not in the original service: lets a legacy client revoke its bearer token (the web client
  // signs out through tRPC account.logout). A deactivated login's restricted token may sign out too.
  logout: {
    methods: ["POST"],
    allowRestricted: true,
    handler: async (req) => {
      await accounts.logout(req.app, actorOf(req));
      return { signedOut: true };
    },
  },
  // Aliases the original service also answered under account/.
  ResetPassword: member.ResetPassword!,
  IsResetCodeExpired: member.IsResetCodeExpired!,
  ChangePassword: member.ChangePassword!,
};
