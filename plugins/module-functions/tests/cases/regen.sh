#!/bin/sh
# Regenerates the expected results of the module functions conformance cases with real Puppet
# 7.23 and Debian's modules (each case's environment.conf puts
# /usr/share/puppet/modules on the modulepath): tests/conformance/regen.sh over this
# directory.
#
#   plugins/module-functions/tests/cases/regen.sh           every case
#   plugins/module-functions/tests/cases/regen.sh CASE...   some cases
set -eu
here=$(cd "$(dirname "$0")" && pwd)
CASES_DIR=$here exec "$here/../../../../tests/conformance/regen.sh" "$@"
