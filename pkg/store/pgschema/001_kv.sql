-- Every key of the store (the schema in pkg/store/store.go) as one row, in
-- key order: bytea compares byte by byte, as Badger orders keys, so prefix and
-- range scans read the primary key's btree in order.
create table kv (
  k bytea primary key,
  v bytea not null,
  -- Unix seconds after which the row reads as missing (a TTL); null: never.
  exp bigint
);

-- Expired rows are deleted in the background (CollectGarbage): only rows with
-- a TTL are in this index.
create index kv_exp on kv (exp) where exp is not null;

---- create above / drop below ----

drop table kv;
