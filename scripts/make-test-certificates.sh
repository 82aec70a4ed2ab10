#!/usr/bin/env bash
# Makes the TLS fixtures of the tests, once: a test CA and a certificate it signs for
# api.example.test (also localhost and 127.0.0.1), valid from 2000 to 2100 so that no clock, however
# wrong, makes them fail, in __tests__/fixtures/tls/. The end-to-end tests serve the emulator over
# HTTPS with them and trust the CA through NODE_EXTRA_CA_CERTS, as a runner behind a proxy that
# inspects TLS would. They are for tests only: the keys are public, and nothing but the tests trusts
# this CA (its key is not kept). Run it again only to replace them; it needs openssl.
set -euo pipefail
out="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/__tests__/fixtures/tls"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$out" "$work/issued"
: > "$work/index.txt"

# `openssl ca` rather than `openssl x509 -req`: only it can set the start date.
cat > "$work/ca.conf" <<CONF
[ca]
default_ca = test_ca
[test_ca]
dir = $work
database = $work/index.txt
new_certs_dir = $work/issued
serial = $work/serial
default_md = sha256
policy = any
copy_extensions = none
unique_subject = no
[any]
commonName = supplied
[ca_cert]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectKeyIdentifier = hash
[server_cert]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:api.example.test,DNS:localhost,IP:127.0.0.1
authorityKeyIdentifier = keyid
CONF
openssl rand -hex 16 > "$work/serial"

key() { openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:prime256v1 -out "$1" 2>/dev/null; }
sign() { # csr, cert, extensions, signing key, [-selfsign]
  openssl ca -batch -config "$work/ca.conf" -notext -startdate 20000101000000Z -enddate 21000101000000Z \
    -in "$1" -out "$2" -extensions "$3" -keyfile "$4" "${@:5}" 2>/dev/null
}

key "$work/ca-key.pem"
openssl req -new -key "$work/ca-key.pem" -subj '/CN=Mintlify docs agent action test CA' -out "$work/ca.csr"
sign "$work/ca.csr" "$out/ca.pem" ca_cert "$work/ca-key.pem" -selfsign

key "$out/api.example.test-key.pem"
openssl req -new -key "$out/api.example.test-key.pem" -subj '/CN=api.example.test' -out "$work/server.csr"
sign "$work/server.csr" "$out/api.example.test.pem" server_cert "$work/ca-key.pem" -cert "$out/ca.pem"

echo "wrote $out: ca.pem, api.example.test.pem, api.example.test-key.pem"
