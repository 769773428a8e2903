// The community's cameras (GET {device}/devices/actions/cameras), for video patrol, the camera test
// and the video demo.
import { http } from "../../http/request.ts";
import { useApi } from "../shared/useApi.ts";

export interface Camera {
  id: number;
  name: string;
  serialNo: string;
  location: string | null;
  online: boolean | null;
  deviceCategory: number;
  categoryLabel: string;
  lastOnlineTime: string | null;
}

export function useCameras(communityId: string | number | null | undefined) {
  return useApi(communityId ? () => http.get<Camera[]>("/api/device/devices/actions/cameras", { communityId }) : null, [communityId]);
}

/** The next camera of a patrol round (wraps around), or null when there is none. */
export function nextCameraIndex(count: number, current: number): number | null {
  if (count <= 0) return null;
  return (current + 1) % count;
}
