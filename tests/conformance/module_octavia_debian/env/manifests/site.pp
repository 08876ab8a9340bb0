include octavia
