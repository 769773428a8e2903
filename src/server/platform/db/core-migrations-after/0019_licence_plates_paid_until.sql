-- A vehicle's 月租缴至 is its bound place's (licencePlates.paidUntil, kept in step by
-- src/server/parking/paid-until.ts and places.ts): vehicles bound before the column existed take it once.
update licence_plates v
   set paid_until = p.paid_until
  from parking_places p
 where p.tenant_id = v.tenant_id and p.id = v.parking_place_id and p.paid_until is not null and v.paid_until is null;
