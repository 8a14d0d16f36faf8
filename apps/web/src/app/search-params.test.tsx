// @vitest-environment happy-dom
import { act, cleanup, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { useSearchParamsUpdate } from "./search-params";

afterEach(cleanup);

function renderPage(initial: string) {
  const handle: { update?: ReturnType<typeof useSearchParamsUpdate>[1] } = {};
  function Page() {
    const [params, update] = useSearchParamsUpdate();
    handle.update = update;
    return <p data-testid="query">{params.toString()}</p>;
  }
  const router = createMemoryRouter([{ path: "/explore", element: <Page /> }], {
    initialEntries: [initial],
  });
  const view = render(<RouterProvider router={router} />);
  return {
    router,
    view,
    update: (changes: Record<string, string | null>) => handle.update?.(changes),
  };
}

describe("useSearchParamsUpdate", () => {
  it("sets and removes keys and keeps the others", async () => {
    const page = renderPage("/explore?sort=likes&q=old");
    await act(async () => page.update({ q: "new", sort: null, tab: "districts" }));
    expect(page.router.state.location.search).toBe("?q=new&tab=districts");
    expect(page.view.getByTestId("query").textContent).toBe("q=new&tab=districts");
  });

  it("keeps a change the router has not committed yet when a second one follows at once", async () => {
    const page = renderPage("/explore");
    // a tab clicked and a letter typed before the page re-renders: the second update used to
    // start from the query string of that render and undo the tab
    await act(async () => {
      page.update({ tab: "districts" });
      page.update({ q: "L" });
    });
    expect(page.router.state.location.search).toBe("?tab=districts&q=L");
    await act(async () => page.update({ q: "La" }));
    expect(page.router.state.location.search).toBe("?tab=districts&q=La");
  });
});
