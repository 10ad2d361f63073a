import { PHOTO_FIELD } from "../../domains/media/media.schema.ts";
import * as media from "../../domains/media/media.service.ts";
import { playlistIdField } from "../../domains/videos/videos.schema.ts";
import * as videos from "../../domains/videos/videos.service.ts";
import { badInput } from "../../shared/errors.ts";
import { texts } from "../../shared/texts.ts";
import { actorOf, type Controller, fields, memberIdFrom, type RestRequest } from "./registry.ts";

/**
 * The media actions of the legacy service, kept apart from the other member/* and common/* actions
 * (controllers.ts joins them in): profile photo upload, video lists, the retired photo-service
 * token exchange, and EncryptString / DecryptString.
 */

/** The multipart form of the request, or null when the body is not multipart. */
async function multipartForm(req: RestRequest): Promise<FormData | null> {
  if (!(req.c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return null;
  try {
    return await req.c.req.raw.formData();
  } catch {
    throw badInput("The request body is not valid multipart/form-data.");
  }
}

/** The `image` part (its name matched case-insensitively, as legacy clients vary). */
function imagePart(form: FormData | null): unknown {
  if (!form) return null;
  for (const [name, value] of form.entries()) if (name.trim().toLowerCase() === PHOTO_FIELD) return value;
  return null;
}

const TEXT_MAX = 4096;
const SEALED_MAX = 8192;

export const memberMediaActions: Controller = {
  UploadProfilePhoto: {
    methods: ["POST"],
    // Refused before the body is read: a member changes only their own picture.
    own: { memberId: "pathOrQueryId", refusal: "You can change only your own profile photo." },
    handler: async (req) => {
      const actor = actorOf(req);
      const file = media.fileOfFormValue(imagePart(await multipartForm(req)));
      return media.uploadProfilePhoto(req.app, actor, { memberId: actor.memberId, file });
    },
  },
  GetVideoPlayList: {
    methods: ["GET"],
    handler: async (req) => videos.memberPlaylists(req.app, actorOf(req), memberIdFrom(req, "pathOrQueryId")),
  },
  GetVideosList: {
    methods: ["GET"],
    handler: async (req) => {
      const playlistId = playlistIdField.parse(req.params[0] ?? req.query.playlistid ?? req.query.id ?? "");
      return videos.playlistVideos(req.app, actorOf(req), playlistId);
    },
  },
  GetInstagramAccessToken: {
    methods: ["GET", "POST"],
    // The provider retired the token exchange; Sideline keeps only the public account URL.
    handler: (req) => req.c.json({ message: texts.photoTokenRetired }, 501),
  },
};

export const commonCryptoActions: Controller = {
  EncryptString: {
    methods: ["GET"],
    public: true,
    handler: (req) => {
      const { encrypt } = fields(req, ["encrypt"]);
      if (typeof encrypt !== "string" || encrypt === "") throw badInput("encrypt is required: the text to encrypt.");
      if (encrypt.length > TEXT_MAX) throw badInput(`encrypt must be ${TEXT_MAX} characters or fewer.`);
      return req.app.secretBox.encrypt(encrypt);
    },
  },
  DecryptString: {
    methods: ["GET"],
    public: true,
    handler: (req) => {
      const { encrypted } = fields(req, ["encrypted"]);
      if (typeof encrypted !== "string" || encrypted === "") throw badInput("encrypted is required: a text EncryptString returned.");
      const plain = encrypted.length <= SEALED_MAX ? req.app.secretBox.decrypt(encrypted) : null;
      if (plain === null) {
        throw badInput("encrypted is not a text this server encrypted: it was changed, cut short, or made with another key.");
      }
      return plain;
    },
  },
};
