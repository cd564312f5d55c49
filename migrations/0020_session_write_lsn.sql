ALTER TABLE "sessions" ADD COLUMN "write_lsn" "pg_lsn";
