// Booking slots read "HH:mm-HH:mm" with the start before the end; touching slots do not overlap.
import { expect, test } from "vitest";
import { parseTimeSlot, slotsOverlap } from "../../../src/server/community/communal-bookings.ts";

test("slots are read as minutes; anything else is refused", () => {
  expect(parseTimeSlot("09:00-11:00")).toEqual([540, 660]);
  expect(parseTimeSlot(" 19:30 ~ 21:00 ")).toEqual([1170, 1260]);
  expect(parseTimeSlot("08:00-24:00")).toEqual([480, 1440]);
  for (const bad of ["11:00-09:00", "09:00-09:00", "9:00-11:00", "09:00", "上午", "25:00-26:00"]) expect(parseTimeSlot(bad), bad).toBeNull();
});

test("overlap needs a shared minute", () => {
  expect(slotsOverlap([540, 660], [600, 720])).toBe(true);
  expect(slotsOverlap([540, 660], [570, 600])).toBe(true);
  expect(slotsOverlap([540, 660], [660, 720])).toBe(false);
  expect(slotsOverlap([660, 720], [540, 660])).toBe(false);
});
