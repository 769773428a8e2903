// The web app's one data layer: a single react-query cache shared by Refine's hooks (the generic
// pages) and the hand-written pages' useQuery / useMutation over the generated helpers.
//   const bills = useQuery(queries.getRoomBills.queryOptions({ query: { roomId } }));
//   const pay = useMutation({ ...queries.payBills.mutationOptions(), onSuccess: () => client.invalidateQueries({ queryKey: queries.getRoomBills.key }) });
// Refine receives the client as options.reactQuery.clientConfig (src/web/providers/RefineRoot.tsx) and
// provides it to every route but the login and error pages (its <Refine> is a QueryClientProvider);
// RefineRoot clears it when those routes are left (a session that ended leaves no answers behind).
// Refine applies its own defaults only to a client it creates, so they are set here: no refetch when
// the window regains focus and the previous answer kept while a new key loads; and no retry: a failed
// call has already shown its message (src/web/http/request.ts), a retry would show it again.
import { keepPreviousData, QueryClient } from "@tanstack/react-query";
import { createApiQueries } from "../../../generated/api-client.ts";
import { api } from "./api.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
    mutations: { retry: false },
  },
});

/** Query keys, query options and mutation options of every declared operation, over the app's client. */
export const queries = createApiQueries(api);
