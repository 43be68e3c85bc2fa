from bank.cli import main

main()
