include vault
