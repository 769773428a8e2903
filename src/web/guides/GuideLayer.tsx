// Everything the shell floats above its pages for the guides (rendered once by src/web/shell/Shell.tsx):
// the payment guide, the smart-home guide, the guide chooser of the header's guide button on pages
// without a guide, the tours, and click tracking for the signed-in user.
import { CompassOutlined, PlayCircleOutlined } from "@ant-design/icons";
import { Button, List, Modal } from "antd";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useCurrentCommunity } from "../state/community.ts";
import { getPlatformType } from "../state/session.ts";
import { useCurrentUser } from "../shell/user.ts";
import { useTracking } from "../tracking/useTracking.ts";
import { OPEN_GUIDE_EVENT, START_TOUR_EVENT, type GuideSectionDetail } from "./events.ts";
import { decideOpenGuide, guideAvailable, guideHomes, paymentGuideShownOn, smartHomeGuideShownOn, type GuideSectionName } from "./guide-layer-state.ts";
import { accountOf } from "./account-storage.ts";
import { helpDocumentUrl, tenantTypeOf } from "./help-links.ts";
import PaymentGuide from "./payment/PaymentGuide.tsx";
import SmartHomeGuide from "./smartHome/SmartHomeGuide.tsx";

const TourHost = lazy(() => import("../tours/TourHost.tsx"));

export default function GuideLayer() {
  useTracking();
  const user = useCurrentUser();
  const community = useCurrentCommunity();
  const location = useLocation();
  const navigate = useNavigate();
  const path = location.pathname;
  const locationKey = location.pathname + location.search;
  const [opens, setOpens] = useState<Record<GuideSectionName, number>>({ payment: 0, smartHome: 0 });
  const [pending, setPending] = useState<GuideSectionName | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [tour, setTour] = useState<{ tourId: string; nonce: number } | null>(null);
  const tenantType = tenantTypeOf(getPlatformType());
  const communityId = community?.communityId ?? null;

  const open = useCallback((section: GuideSectionName) => setOpens((o) => ({ ...o, [section]: o[section] + 1 })), []);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const section = (event as CustomEvent<GuideSectionDetail | undefined>).detail?.section;
      const decision = decideOpenGuide(window.location.hash.replace(/^#/, "").split("?")[0], section);
      if (decision.kind === "open") open(decision.section);
      else if (decision.kind === "choose") setChoosing(true);
      else {
        setPending(decision.section);
        void navigate(decision.path);
      }
    };
    const onTour = (event: Event) => {
      const tourId = (event as CustomEvent<{ tourId?: string }>).detail?.tourId;
      if (tourId) setTour((t) => ({ tourId, nonce: (t?.nonce ?? 0) + 1 }));
    };
    window.addEventListener(OPEN_GUIDE_EVENT, onOpen);
    window.addEventListener(START_TOUR_EVENT, onTour);
    return () => {
      window.removeEventListener(OPEN_GUIDE_EVENT, onOpen);
      window.removeEventListener(START_TOUR_EVENT, onTour);
    };
  }, [navigate, open]);

  // A guide asked for on another page opens once its page is there (adjusted while rendering, as React advises).
  if (pending && (pending === "payment" ? paymentGuideShownOn(path) : smartHomeGuideShownOn(path))) {
    setPending(null);
    open(pending);
  }

  const startTour = (tourId: string) => setTour((t) => ({ tourId, nonce: (t?.nonce ?? 0) + 1 }));
  const choices = (Object.keys(guideHomes) as GuideSectionName[]).filter((s) => guideAvailable(s, user.authorityCodes));

  return (
    <>
      <PaymentGuide
        account={accountOf(user)}
        onPaymentPage={paymentGuideShownOn(path)}
        authorities={user.authorityCodes}
        communityId={communityId}
        openNonce={opens.payment}
        locationKey={locationKey}
        helpUrl={helpDocumentUrl("payment-guide", tenantType)}
        onStartTour={() => startTour(guideHomes.payment.tourId)}
      />
      <SmartHomeGuide
        account={accountOf(user)}
        path={path}
        shownOnPage={smartHomeGuideShownOn(path)}
        authorities={user.authorityCodes}
        userName={user.realName || user.username}
        communityId={communityId}
        openNonce={opens.smartHome}
        locationKey={locationKey}
        helpUrl={helpDocumentUrl("smart-home-guide", tenantType)}
        onStartTour={() => startTour(guideHomes.smartHome.tourId)}
      />
      <Modal open={choosing} title="使用引导" footer={null} onCancel={() => setChoosing(false)} width={420}>
        <List
          dataSource={choices}
          locale={{ emptyText: "当前账号没有可用的使用引导" }}
          renderItem={(section) => (
            <List.Item
              actions={[
                <Button
                  key="tour"
                  type="link"
                  icon={<PlayCircleOutlined />}
                  onClick={() => {
                    setChoosing(false);
                    setPending(section);
                    void navigate(guideHomes[section].path);
                    startTour(guideHomes[section].tourId);
                  }}
                >
                  操作演示
                </Button>,
              ]}
            >
              <Button
                type="link"
                icon={<CompassOutlined />}
                data-testid={`guide-choice-${section}`}
                onClick={() => {
                  setChoosing(false);
                  setPending(section);
                  void navigate(guideHomes[section].path);
                }}
              >
                {guideHomes[section].title}
              </Button>
            </List.Item>
          )}
        />
      </Modal>
      {tour && (
        <Suspense fallback={null}>
          <TourHost tourId={tour.tourId} nonce={tour.nonce} onEnd={() => setTour(null)} />
        </Suspense>
      )}
    </>
  );
}
