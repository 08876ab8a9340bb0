#!/bin/sh
# Encrypts a value for the cases, as `eyaml encrypt` does (needs Debian's hiera-eyaml):
#
#   encrypt.sh TEXT [KEYDIR]      prints ENC[PKCS7,...] for keys/ (or KEYDIR)
#   encrypt.sh -o block TEXT      the multi-line block form
set -eu
here=$(cd "$(dirname "$0")" && pwd)
output=string
if [ "${1:-}" = "-o" ]; then output=$2; shift 2; fi
keys=$here/${2:-keys}
eyaml encrypt -o "$output" -s "$1" --pkcs7-public-key="$keys/public_key.pkcs7.pem" \
  --pkcs7-private-key="$keys/private_key.pkcs7.pem"
