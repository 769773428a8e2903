// Runs one tour (tour-state.ts) with antd's Tour as the 256 px popup: before each step it opens the
// step's path, fires the step's event and waits for its answer, then waits for the step's target;
// a target that does not appear ends the tour (spec §4). Next, previous, finish and quit (the close
// icon) are the popup's buttons.
import { Button, message, Space, Tour } from "antd";
import { useEffect, useReducer, useState } from "react";
import { useNavigate } from "react-router";
import { appHistory } from "../providers/history.ts";
import { constants } from "../../../generated/constants.ts";
import { idleTour, isLastStep, needsNavigation, tourReducer, waitForEvent, waitForTarget } from "./tour-state.ts";
import { tours } from "./tours.ts";

export interface TourHostProps {
  /** The tour to run; a new value (with a new nonce) starts it again. */
  tourId: string;
  nonce: number;
  onEnd: () => void;
}

/**
 * The step's target once it is on screen: a tab pane the router has not switched to yet is still in
 * the page but hidden, and the popup would point at nothing.
 */
function shownTarget(selector: string): HTMLElement | null {
  const el = document.querySelector<HTMLElement>(selector);
  return el && (typeof el.checkVisibility !== "function" || el.checkVisibility()) ? el : null;
}

export default function TourHost({ tourId, nonce, onEnd }: TourHostProps) {
  const [state, dispatch] = useReducer(tourReducer, idleTour);
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const tour = tours[tourId];

  useEffect(() => {
    if (tour) dispatch({ type: "start", tourId, total: tour.steps.length });
    else onEnd();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tourId, nonce]);

  useEffect(() => {
    if (state.status === "ended") onEnd();
    if (state.status !== "preparing" || !tour) return;
    const step = tour.steps[state.index];
    const abort = new AbortController();
    void (async () => {
      // Where the app is now: the history's address, which a navigation sets at once. The router's
      // location is rendered in a transition; a click on 上一步 right after the previous step's
      // navigation would still see the address before it, and the step would not go back.
      const { pathname, search } = appHistory().location;
      if (needsNavigation(step, pathname + search) && step.path) void navigate(step.path);
      if (step.fire) {
        const answered = step.fire.waitFor ? waitForEvent(window, step.fire.waitFor, step.fire.timeoutMs) : Promise.resolve(true);
        window.dispatchEvent(new CustomEvent(step.fire.event, { detail: step.fire.detail }));
        await answered;
      }
      const found = await waitForTarget(() => shownTarget(step.target), { signal: abort.signal });
      if (abort.signal.aborted) return;
      if (!found) {
        void message.info("引导已结束：当前页面没有该步骤的内容");
        dispatch({ type: "targetMissing" });
        return;
      }
      setTarget(found);
      dispatch({ type: "ready" });
    })();
    return () => abort.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  if (!tour || state.status !== "showing") return null;
  const step = tour.steps[state.index];
  const last = isLastStep(state);
  // One step at a time is handed to antd's Tour (steps prepare asynchronously), so the index, the
  // previous / next / finish buttons are this host's, rendered as the popup's actions.
  const actions = (
    <Space size={6} align="center">
      <span data-testid="tour-indicator" style={{ color: "#6e6e6e", fontSize: 12 }}>
        {state.index + 1}/{state.total}
      </span>
      {state.index > 0 && (
        <Button size="small" onClick={() => dispatch({ type: "prev" })}>
          上一步
        </Button>
      )}
      {last ? (
        <Button size="small" type="primary" onClick={() => dispatch({ type: "finish" })}>
          完成
        </Button>
      ) : (
        <Button size="small" type="primary" onClick={() => dispatch({ type: "next" })}>
          下一步
        </Button>
      )}
    </Space>
  );
  return (
    <Tour
      open
      current={0}
      onClose={() => dispatch({ type: "quit" })}
      actionsRender={() => actions}
      steps={[
        {
          title: step.title,
          description: step.description,
          target: target ? () => target : null,
          placement: step.placement,
          style: { width: constants.tourPopupWidth },
        },
      ]}
    />
  );
}
