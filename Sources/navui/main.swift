import NavCLI
