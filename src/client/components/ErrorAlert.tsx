import { Alert } from "@mantine/core";
import { texts } from "../../shared/texts.ts";
import { isNetworkError } from "../lib/trpc.ts";

/** A failed call's message (the server's sentence: rate limit, bad input), or nothing. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const message = isNetworkError(error) ? texts.errorHttp : error instanceof Error && error.message ? error.message : texts.somethingWrong;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
