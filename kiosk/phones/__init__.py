"""Players' phones as their seats: a web server in the kiosk process (aiohttp), one link
per phone seat carrying an unguessable token, and a page on the phone that shows that
seat's own view and sends its moves, which go through the same Match.play as the kiosk's.

`hub` decides what each phone is told and checks what it sends; `server` carries it over
HTTP and WebSocket; `qr` draws a seat's link as a code to scan.
"""
