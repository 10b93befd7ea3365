#!/bin/sh
# Install the built application for the current user (no root needed):
#   the folder  -> ~/.local/share/boardgame-table/app/
#   the menu entry (.desktop) -> ~/.local/share/applications/boardgame-table.desktop
# The program goes into app/ because ~/.local/share/boardgame-table/ is also the
# user data folder (platformdirs) holding saves/: reinstalling or uninstalling
# replaces or removes app/ only, never the saves.
#
#   sh packaging/install-linux.sh [APP_FOLDER]     (default: dist/boardgame-table,
#                                                    or this script's folder when it
#                                                    sits inside the built app)
#   sh packaging/install-linux.sh --uninstall
#
# Settings, saves and logs live in the user folders and are never touched here.
# ($XDG_DATA_HOME replaces ~/.local/share when set.)
set -eu
NAME=boardgame-table
HERE=$(cd "$(dirname "$0")" && pwd)
DATA_HOME=${XDG_DATA_HOME:-"$HOME/.local/share"}
DEST="$DATA_HOME/$NAME/app"
APPS="$DATA_HOME/applications"
ENTRY="$APPS/$NAME.desktop"

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$DEST" "$ENTRY"
    rmdir "$DATA_HOME/$NAME" 2>/dev/null || true   # only if no saves are left in it
    command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$APPS" || true
    echo "removed $DEST and $ENTRY (saves and settings are kept)"
    exit 0
fi

if [ $# -ge 1 ]; then
    SRC=$1
elif [ -x "$HERE/$NAME" ]; then
    SRC=$HERE                               # run from inside the built folder
else
    SRC="$HERE/../dist/$NAME"               # run from a checkout after packaging/build.py
fi
SRC=$(cd "$SRC" 2>/dev/null && pwd) || { echo "error: no folder $SRC" >&2; exit 1; }
if [ ! -x "$SRC/$NAME" ]; then
    echo "error: $SRC/$NAME is missing; build it first: python packaging/build.py" >&2
    exit 1
fi
TEMPLATE="$HERE/$NAME.desktop"
[ -f "$TEMPLATE" ] || TEMPLATE="$SRC/$NAME.desktop"
[ -f "$TEMPLATE" ] || { echo "error: $NAME.desktop not found next to $0" >&2; exit 1; }

if [ "$SRC" != "$DEST" ]; then
    mkdir -p "$DATA_HOME/$NAME"
    rm -rf "$DEST.new"
    cp -a "$SRC" "$DEST.new"                # -a keeps the library symlinks
    rm -rf "$DEST"
    mv "$DEST.new" "$DEST"
fi
ICON="$DEST/_internal/assets/icon.png"
[ -f "$ICON" ] || ICON="$DEST/assets/icon.png"
mkdir -p "$APPS"
esc() { printf '%s' "$1" | sed -e 's/[\\|&]/\\&/g'; }   # for the sed replacement
sed -e "s|@EXEC@|$(esc "$DEST/$NAME")|g" -e "s|@ICON@|$(esc "$ICON")|g" "$TEMPLATE" > "$ENTRY"
chmod 644 "$ENTRY"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$APPS" || true
echo "installed $DEST"
echo "menu entry $ENTRY (Board Game Table, under Games)"
