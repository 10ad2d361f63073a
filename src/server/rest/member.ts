import {
  changePasswordWithCodeInput,
  registrationCodeInput,
  resetCodeInput,
  resetRequestInput,
  setStatusInput,
} from "../../domains/accounts/accounts.schema.ts";
import * as accounts from "../../domains/accounts/accounts.service.ts";
import { loginResult } from "./legacy-shapes.ts";
import { actorOf, type Controller, fields, TextAnswer } from "./registry.ts";

/** member/*: account actions of the original service (controllers.ts joins the other member/* actions). */
export const member: Controller = {
  ResetPassword: {
    methods: ["GET", "POST"],
    public: true,
    handler: async (req) => {
      const { email } = resetRequestInput.parse(fields(req, ["email"]));
      await accounts.requestPasswordReset(req.app, email, req.meta);
      return { message: "If an account uses this e-mail address, a reset code is on its way to it." };
    },
  },
  IsResetCodeExpired: {
    methods: ["GET"],
    public: true,
    handler: async (req) => {
      const { code } = resetCodeInput.parse(fields(req, ["code"]));
      return new TextAnswer((await accounts.isResetCodeExpired(req.app, code, req.meta)) ? "yes" : "no");
    },
  },
  ChangePassword: {
    methods: ["GET", "POST"],
    public: true,
    handler: async (req) => {
      const { pwd, email, code } = fields(req, ["pwd", "email", "code"]);
      const input = changePasswordWithCodeInput.parse({ email, code, password: pwd });
      const changed = await accounts.changePasswordWithCode(req.app, input, req.meta);
      return new TextAnswer(changed ? "Password changed." : "");
    },
  },
  ValidateNewRegisteredUser: {
    methods: ["GET"],
    public: true,
    handler: async (req) => {
      const input = registrationCodeInput.parse(fields(req, ["email", "code"]));
      return loginResult(await accounts.checkRegistrationCode(req.app, input, req.meta));
    },
  },
  SetMemberStatus: {
    methods: ["GET", "PUT", "POST"],
    allowRestricted: true,
    own: { memberId: { field: "memberId" }, refusal: "You can change only your own account's status." },
    handler: async (req) => {
      const { memberId, status } = setStatusInput.parse(fields(req, ["memberId", "status"]));
      await accounts.setMemberStatus(req.app, actorOf(req), memberId, status);
      return { memberID: String(memberId), currentStatus: String(status) };
    },
  },
};
