import { Button } from "@mantine/core";
import { adminTexts } from "../../../shared/admin-texts.ts";

/** The next page of an admin list, while there is one. */
export function ShowMore({ list }: { list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> } }) {
  if (!list.hasNextPage) return null;
  return (
    <Button variant="light" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} style={{ alignSelf: "center" }}>
      {adminTexts.adminMore}
    </Button>
  );
}
