// The community's cameras (GET {device}/devices/actions/cameras), for video patrol, the camera test
// and the video demo.
import type { ListCamerasData } from "../../../../generated/operation-types.ts";
import { api } from "../../http/api.ts";
import { useApi } from "../shared/useApi.ts";

export type Camera = ListCamerasData[number];

export function useCameras(communityId: string | number | null | undefined) {
  return useApi(communityId ? () => api.listCameras({ query: { communityId: Number(communityId) } }) : null, [communityId]);
}

/** The next camera of a patrol round (wraps around), or null when there is none. */
export function nextCameraIndex(count: number, current: number): number | null {
  if (count <= 0) return null;
  return (current + 1) % count;
}
