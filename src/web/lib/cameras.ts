// The community's cameras (GET {device}/devices/actions/cameras), for video patrol, the camera test
// and the video demo.
import { useQuery } from "@tanstack/react-query";
import type { ListCamerasData } from "../../../generated/operation-types.ts";
import { queries } from "../http/query-client.ts";

export type Camera = ListCamerasData[number];

export function useCameras(communityId: string | number | null | undefined) {
  return useQuery({ ...queries.listCameras.queryOptions({ query: { communityId: Number(communityId) } }), enabled: !!communityId });
}

/** The next camera of a patrol round (wraps around), or null when there is none. */
export function nextCameraIndex(count: number, current: number): number | null {
  if (count <= 0) return null;
  return (current + 1) % count;
}
