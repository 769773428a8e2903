// The workbench advert carousel (spec §2, §3, §4, §7): a 190 px banner of adverts of position SQ202,
// each slide a left and a right image and, when the advert has a hyperlink, a 进入问卷 button that
// opens it. It loops only with more than one advert (every rotationPeriod seconds, 5 s by default),
// hides while the layout is being edited, and closing it silences the position for this user.
import { fillTexts } from "../../../../generated/fill-texts.ts";
import { CloseOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { constants } from "../../../../generated/constants.ts";
import { bannerVisible, carouselLoops, startRotation, type AdvertPosition } from "./advert-state.ts";
import { workbenchKeys, workbenchMutations, workbenchQueries } from "./queries.ts";

export default function AdvertBanner({ editing }: { editing: boolean }) {
  const client = useQueryClient();
  const position: AdvertPosition | undefined = useQuery(workbenchQueries.adverts()).data;
  const silence = useMutation({ ...workbenchMutations.silenceAdverts(), onSuccess: () => client.invalidateQueries({ queryKey: workbenchKeys.adverts }) });
  const [closed, setClosed] = useState(false);
  const [index, setIndex] = useState(0);
  const adverts = position?.adverts ?? [];

  useEffect(() => startRotation(adverts.length, position?.rotationPeriod, (turn) => setIndex(turn)), [adverts.length, position?.rotationPeriod]);

  if (!bannerVisible({ count: adverts.length, closed, editing })) return null;
  const advert = adverts[Math.min(index, adverts.length - 1)];
  const close = () => {
    setClosed(true);
    silence.mutate({ body: { positionCode: constants.advertPositionCode } });
  };

  return (
    <div data-testid="advert-banner" style={{ position: "relative", height: constants.bannerHeight, marginBottom: 16, borderRadius: 8, overflow: "hidden", background: "#f0f5ff", display: "flex" }}>
      <img src={advert.imgUrlLeft} alt={advert.title ?? "广告"} style={{ flex: advert.imgUrlRight ? "3 1 0" : "1 1 0", minWidth: 0, height: "100%", objectFit: "cover" }} />
      {advert.imgUrlRight && <img src={advert.imgUrlRight} alt="" style={{ flex: "2 1 0", minWidth: 0, height: "100%", objectFit: "cover" }} />}
      {advert.hyperlink && (
        <Button
          type="primary"
          style={{ position: "absolute", right: 24, bottom: 24 }}
          onClick={() => window.open(advert.hyperlink!, "_blank", "noopener,noreferrer")}
          data-testid="advert-questionnaire"
        >
          进入问卷
        </Button>
      )}
      <Button
        type="text"
        size="small"
        aria-label="关闭广告"
        icon={<CloseOutlined />}
        onClick={close}
        style={{ position: "absolute", top: 8, right: 8, background: "rgba(0,0,0,.35)", color: "#fff" }}
      />
      {carouselLoops(adverts.length) && (
        <div style={{ position: "absolute", bottom: 2, left: "50%", transform: "translateX(-50%)", display: "flex" }}>
          {/* A dot is 8 px; its button is 24 px high, a finger's target (WCAG 2.5.8). */}
          {adverts.map((a, i) => (
            <button
              key={a.advertId}
              type="button"
              aria-label={fillTexts.webWorkbench.advertSlide({ n: i + 1 })}
              onClick={() => setIndex(i)}
              style={{ minWidth: 24, height: 24, border: "none", padding: "0 3px", cursor: "pointer", background: "none", display: "flex", alignItems: "center", justifyContent: "center" }}
            >
              <span style={{ width: i === index ? 18 : 8, height: 8, borderRadius: 4, background: i === index ? "#fff" : "rgba(255,255,255,.6)" }} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
