// Debian's libsodium (libsodium-dev): scrypt for the household passcode, SHA-256 for
// session tokens.
#include <sodium.h>
