import { Alert, Anchor, Button, Skeleton, Stack, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { fillText, texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { isNetworkError, trpc } from "../../lib/trpc.ts";

/**
 * The link at the foot of a notification e-mail: no session needed (the token names the member and
 * the kind of e-mail). It asks first, so a mail scanner that opens links turns nothing off.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const described = useQuery({
    ...trpc.notifications.describeUnsubscribe.queryOptions({ token }),
    enabled: token.length > 0,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const unsubscribe = useMutation(trpc.notifications.unsubscribe.mutationOptions());

  // A link that does not decode (or no token at all): the server answers a bad input.
  const invalid = !token || (described.error && !isNetworkError(described.error));

  return (
    <AuthFrame title={texts.unsubscribeTitle}>
      <Stack gap="md">
        {invalid && (
          <Alert color="red" role="alert">
            {texts.unsubscribeInvalid}
          </Alert>
        )}
        {!invalid && described.error && <ErrorAlert error={described.error} />}
        {!invalid && described.isPending && <Skeleton height={24} aria-label={texts.loading} />}
        {described.data && !unsubscribe.isSuccess && (
          <>
            <Text>{fillText(texts.unsubscribeBody, { what: described.data.label })}</Text>
            <ErrorAlert error={unsubscribe.error} />
            <Button onClick={() => unsubscribe.mutate({ token })} loading={unsubscribe.isPending}>
              {texts.unsubscribeButton}
            </Button>
          </>
        )}
        {unsubscribe.isSuccess && (
          <Alert color="green" role="status">
            {texts.unsubscribeDone}
          </Alert>
        )}
        <Anchor component={Link} to="/home">
          {texts.returnToHome}
        </Anchor>
      </Stack>
    </AuthFrame>
  );
}
