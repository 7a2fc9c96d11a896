// Debian's libqrencode (libqrencode-dev): QR codes for the home-network page.
#include <qrencode.h>
