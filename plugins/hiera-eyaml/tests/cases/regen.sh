#!/bin/sh
# Regenerates the expected results of the eyaml conformance cases with real Puppet 7.23
# and Debian's hiera-eyaml gem (tests/conformance/regen.sh over this directory; Puppet
# runs here, so the key paths in the cases' hiera.yaml are relative to this directory).
#
#   plugins/hiera-eyaml/tests/cases/regen.sh           every case
#   plugins/hiera-eyaml/tests/cases/regen.sh CASE...   some cases
set -eu
here=$(cd "$(dirname "$0")" && pwd)
CASES_DIR=$here exec "$here/../../../../tests/conformance/regen.sh" "$@"
