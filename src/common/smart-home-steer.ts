// The smart-home guide's steering flags (spec §3), as GET {smarthome}/steer/actions/config returns
// them: the server computes them, the guide marks its steps done from them.
export interface SmartHomeSteerFlags {
  roomEnable: boolean;
  smartDeviceEnable: boolean;
  houseTypeEnable: boolean;
  houseTypeRelevancyRoomEnable: boolean;
  workerEnable: boolean;
}
