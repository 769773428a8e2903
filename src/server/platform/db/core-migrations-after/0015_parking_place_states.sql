-- Parking places have three states: 空闲 (1), 出租 (2), 已售 (3). The former 已租 (4) is 出租 now, and
-- the former 占用 (2) keeps its number as 出租 (a place in use by someone other than its owner).
update parking_places set status = 2 where status = 4;
