import { clientLogInput } from "../../domains/accounts/accounts.schema.ts";
import * as accounts from "../../domains/accounts/accounts.service.ts";
import { type Controller, fields, type RestRequest } from "./registry.ts";

const asText = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "string" ? v : JSON.stringify(v));

async function storeLog(req: RestRequest) {
  const f = fields(req, ["message", "stack", "url", "level", "additional", "fileName", "lineNumber"]);
  // ngx-logger style payloads carry a numeric level and extra detail in `additional`.
  const stack = asText(f.stack) || [asText(f.additional), asText(f.fileName), asText(f.lineNumber)].filter(Boolean).join(" ");
  const level = typeof f.level === "string" && ["error", "warn", "info"].includes(f.level.toLowerCase()) ? f.level.toLowerCase() : "error";
  const input = clientLogInput.parse({ message: asText(f.message), stack, url: asText(f.url), level });
  await accounts.recordClientLog(req.app, req.actor, input, req.meta);
  return { ok: true };
}

/** common/*: client logs (controllers.ts joins the other common/* actions). */
export const common: Controller = {
  Logs: { methods: ["GET", "POST"], public: true, handler: storeLog },
};
