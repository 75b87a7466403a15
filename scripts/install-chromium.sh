#!/usr/bin/env bash
# Installs what the test suite needs from Debian when it is not there yet:
# Chromium for the browser tests (the tests use /usr/bin/chromium; no browser
# is ever downloaded by a test tool), curl, with which the user's documented
# curl commands are run verbatim against the built CLI (and tool-run tests
# call local servers through the egress proxy), bubblewrap, the sandbox
# runSkillTool runs scripts in, socat, the light forwarder to the egress proxy
# inside that sandbox (without it a Node forwarder starts, slower), strace,
# which observes the programs a sandboxed run executes and the files it
# writes (without it runs say "not observed"), and shellcheck, which
# checkScriptSyntax uses.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v shellcheck >/dev/null 2>&1 || missing+=(shellcheck)
command -v socat >/dev/null 2>&1 || missing+=(socat)
command -v strace >/dev/null 2>&1 || missing+=(strace)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "install-chromium: ${missing[*]} missing and this user cannot install packages; run 'apt-get install -y ${missing[*]}' as root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/chromium --version
