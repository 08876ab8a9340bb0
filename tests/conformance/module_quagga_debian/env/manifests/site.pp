include quagga
