stage { 'pre': before => Stage['main'] }
