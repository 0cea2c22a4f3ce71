#!/bin/sh
# First start: a cluster whose superuser is POSTGRES_USER (password POSTGRES_PASSWORD, required over TCP) and the
# database POSTGRES_DB. Every start: PostgreSQL in the foreground, listening on all addresses.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
: "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb --username="$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$POSTGRES_DB" != postgres ]; then
    echo "CREATE DATABASE \"$POSTGRES_DB\";" | postgres --single -D "$PGDATA" -c listen_addresses='' postgres >/dev/null
  fi
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' "$@"
